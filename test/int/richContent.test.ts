import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { articleEditing, type Node } from '../helpers/adminArticles'
import type { BootedService } from '../helpers/bootService'
import { createCategory } from '../helpers/content'
import { type EditorSession, startEditorSession } from '../helpers/editorSession'
import { uploadImage } from '../helpers/media'

// Markdown as a script might send it: underlined heading, `*` bullets, a fence with a language, raw HTML, a table.
const MARKDOWN = [
  'Getting started',
  '===============',
  '',
  'Install it with `npm ci` and read the [guide](https://example.com/guide).',
  '',
  '* one',
  '* two',
  '',
  '```ts',
  'const answer: number = 42',
  '```',
  '',
  '<p align="center"><img src="https://example.com/logo.png"></p>',
  '',
  '| a | b |',
  '| --- | --- |',
  '| 1 | 2 |',
  '',
].join('\n')

let service: BootedService
let auth: EditorSession['auth']
let categoryId = 0

beforeAll(async () => {
  ;({ service, auth, categoryId } = await startEditorSession())
})

afterAll(async () => {
  await service?.stop()
})

const { createThroughApi, readLikeAdmin, saveLikeAdmin } = articleEditing(() => ({ service, auth, categoryId }), 'Rich')

const publicContent = async (id: number) => {
  const res = await service.request().get(`/api/articles/${id}`)
  expect(res.status).toBe(200)
  return res.body.data.content as string
}

const textOf = (node: Node): string => node.text ?? (node.children ?? []).map(textOf).join('')

describe('Markdown written through the API', () => {
  it('is served back byte for byte and gets a rich-text version with the editor nodes', async () => {
    const id = await createThroughApi(MARKDOWN)
    expect(await publicContent(id)).toBe(MARKDOWN)
    const { contentRichText } = await readLikeAdmin(id)
    const nodes = contentRichText.root.children
    expect(nodes.map((node) => (node.type === 'block' ? `block:${node.fields?.blockType}` : node.type))).toEqual([
      'heading',
      'paragraph',
      'list',
      'block:Code',
      'block:markdown',
      'table',
    ])
    expect(nodes[3].fields).toMatchObject({ language: 'ts', code: 'const answer: number = 42' })
    expect(nodes[4].fields).toMatchObject({ markdown: '<p align="center"><img src="https://example.com/logo.png"></p>' })
  })

  it('accepts fences without a language and with one the editor does not list', async () => {
    const markdown = '```\nplain\n```\n\n```brainfuck\n++[>+<-]\n```'
    const id = await createThroughApi(markdown)
    expect(await publicContent(id)).toBe(markdown)
    const { contentRichText } = await readLikeAdmin(id)
    expect(contentRichText.root.children.map((node) => node.fields?.blockType)).toEqual(['Code', 'markdown'])
    expect(contentRichText.root.children[0].fields).toMatchObject({ code: 'plain', language: null })
  })

  it('updates the rich text when an API update changes the Markdown, and leaves both alone when it does not send any', async () => {
    const id = await createThroughApi('# First')
    const put = await service.request().put(`/api/admin/articles/${id}`).set(auth()).send({ content: '# Second\n\nMore.' })
    expect(put.status).toBe(200)
    expect(textOf((await readLikeAdmin(id)).contentRichText.root)).toBe('SecondMore.')
    const retitle = await service.request().put(`/api/admin/articles/${id}`).set(auth()).send({ title: 'Renamed' })
    expect(retitle.status).toBe(200)
    expect(await publicContent(id)).toBe('# Second\n\nMore.')
    expect(textOf((await readLikeAdmin(id)).contentRichText.root)).toBe('SecondMore.')
  })
})

describe('saving in the admin UI', () => {
  it('keeps the stored Markdown byte for byte when the rich text did not change, even re-serialised by the editor', async () => {
    const id = await createThroughApi(MARKDOWN)
    const doc = await readLikeAdmin(id)
    const unchanged = await saveLikeAdmin(id, { content: doc.content, contentRichText: doc.contentRichText })
    expect(unchanged.status).toBe(200)
    // The browser editor adds or reorders properties it does not need without changing the content.
    const reserialised = JSON.parse(JSON.stringify(doc.contentRichText), (key, value) => (key === 'direction' ? 'ltr' : value))
    const resaved = await saveLikeAdmin(id, { title: 'Rich, retitled', contentRichText: reserialised })
    expect(resaved.status).toBe(200)
    expect(await publicContent(id)).toBe(MARKDOWN)
  })

  it('regenerates the Markdown from the rich text when the editor changed it, keeping the raw blocks', async () => {
    const id = await createThroughApi(MARKDOWN)
    const { contentRichText } = await readLikeAdmin(id)
    const heading = contentRichText.root.children[0]
    heading.children = [{ ...heading.children![0], text: 'Getting going' }]
    const res = await saveLikeAdmin(id, { contentRichText })
    expect(res.status).toBe(200)
    const markdown = await publicContent(id)
    expect(markdown).toMatch(/^# Getting going\n\nInstall it with `npm ci` and read the \[guide\]\(https:\/\/example\.com\/guide\)\./)
    expect(markdown).toContain('```ts\nconst answer: number = 42\n```')
    expect(markdown).toContain('<p align="center"><img src="https://example.com/logo.png"></p>')
    expect(markdown).toMatch(/\| a \| b \|\n\| --- \| --- \|\n\| 1 \| 2 \|/)
  })

  it("changes only the lines of the block an editor edited, leaving every other block in its author's spelling", async () => {
    const handWritten = [
      'Getting started',
      '===============',
      '',
      '* install it',
      '* run it',
      '',
      'A paragraph wrapped',
      'by hand at forty columns.',
      '',
      '| a   | b   |',
      '|-----|-----|',
      '| 1   | 2   |',
      '',
      'The last paragraph.',
      '',
    ].join('\n')
    const id = await createThroughApi(handWritten)
    const { contentRichText } = await readLikeAdmin(id)
    const last = contentRichText.root.children.at(-1)!
    last.children = [{ ...last.children![0], text: 'The final paragraph.' }]
    const res = await saveLikeAdmin(id, { contentRichText })
    expect(res.status).toBe(200)
    expect(await publicContent(id)).toBe(handWritten.replace('The last paragraph.', 'The final paragraph.'))
  })

  it('keeps a fence meta and a loose list through an admin save, and writes an edited meta on the fence', async () => {
    const source = ['```tsx filename="app/page.tsx"', 'export default function Page() {}', '```', '', '- first', '', '- second', ''].join('\n')
    const id = await createThroughApi(source)
    const { contentRichText } = await readLikeAdmin(id)
    const [code, list] = contentRichText.root.children
    expect(code).toMatchObject({ fields: { blockType: 'Code', language: 'tsx', meta: 'filename="app/page.tsx"' } })
    expect(list).toMatchObject({ type: 'list', $: { loose: true } })
    // Saved as read: nothing changes. Then the meta edited: only the fence line changes.
    expect((await saveLikeAdmin(id, { contentRichText })).status).toBe(200)
    expect(await publicContent(id)).toBe(source)
    code!.fields = { ...code!.fields, meta: 'filename="app/layout.tsx"' }
    expect((await saveLikeAdmin(id, { contentRichText })).status).toBe(200)
    expect(await publicContent(id)).toBe(source.replace('page.tsx', 'layout.tsx'))
    const reread = await readLikeAdmin(id)
    expect(reread.contentRichText.root.children[1]).toMatchObject({ type: 'list', $: { loose: true } })
  })

  it('creates an article from rich text alone, and refuses one with no content at all', async () => {
    const contentRichText = {
      root: {
        type: 'root', version: 1, direction: 'ltr', format: '', indent: 0,
        children: [{ type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text: 'Written in the editor', format: 1, detail: 0, mode: 'normal', style: '' }] }],
      },
    }
    const created = await service.request().post('/cms-api/articles?depth=0').set(auth()).send({ title: 'From the editor', category: categoryId, status: 'published', contentRichText })
    expect(created.status).toBe(201)
    expect(await publicContent(created.body.doc.id)).toBe('**Written in the editor**')

    const empty = await service.request().post('/cms-api/articles?depth=0').set(auth()).send({ title: 'Nothing', category: categoryId })
    expect(empty.status).toBe(400)
    expect(JSON.stringify(empty.body)).toContain('Write the content.')
  })

  it('writes an uploaded image as Markdown with the file address and its alt text', async () => {
    const media = await uploadImage(service.payload, 'harbour')
    const id = await createThroughApi('Before')
    const { contentRichText } = await readLikeAdmin(id)
    contentRichText.root.children.push({ type: 'upload', version: 3, format: '', id: 'upload-1', fields: null, relationTo: 'media', value: media.id })
    const res = await saveLikeAdmin(id, { contentRichText })
    expect(res.status).toBe(200)
    expect(await publicContent(id)).toBe(`Before\n\n![harbour image](${media.url})`)
  })

  it('shows records stored before the rich-text field existed with rich text made from their Markdown', async () => {
    const id = await createThroughApi('## Old post\n\nStill here.')
    await service.payload.db.updateOne({ collection: 'articles', where: { id: { equals: id } }, data: { contentRichText: null } })
    const doc = await readLikeAdmin(id)
    expect(doc.contentRichText.root.children.map((node) => [node.type, textOf(node)])).toEqual([
      ['heading', 'Old post'],
      ['paragraph', 'Still here.'],
    ])
    const saved = await saveLikeAdmin(id, { contentRichText: doc.contentRichText })
    expect(saved.status).toBe(200)
    expect(await publicContent(id)).toBe('## Old post\n\nStill here.')
  })
})

describe('projects', () => {
  it('keep optional Markdown content in step with its rich text the same way', async () => {
    const projectCategory = await createCategory(service.payload, 'Apps', 'project')
    const res = await service
      .request()
      .post('/api/admin/projects')
      .set(auth())
      .send({ title: 'Tool', description: 'A tool', content: '- fast\n- small', categoryId: projectCategory, status: 'published' })
    expect(res.status).toBe(201)
    const id = res.body.data.id as number
    const read = await service.request().get(`/cms-api/projects/${id}?depth=0`).set(auth())
    expect(read.body.contentRichText.root.children.map((node: Node) => node.type)).toEqual(['list'])
    const detail = await service.request().get(`/api/projects/${id}`)
    expect(detail.body.data.content).toBe('- fast\n- small')
  })
})
