import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RICH_TEXT_MALFORMED_MESSAGE } from '../../lib/markdown/contentRefused'
import { MARKDOWN_TOO_DEEP_MESSAGE } from '../../lib/markdown/markdownNesting'
import type { BootedService } from '../helpers/bootService'
import { type EditorSession, startEditorSession } from '../helpers/editorSession'

// Content an editor's script might send by mistake, or a hostile one on purpose: each once made the service answer
// 500, hold its event loop for minutes, or run out of memory.
const DEEP = {
  quotes: '>'.repeat(5_000) + ' deep',
  lists: '- '.repeat(1_000) + 'deep',
  emphasis: '*'.repeat(4_000) + 'deep' + '*'.repeat(4_000),
}
const LONG_TABLE = '| a | b |\n| --- | --- |\n' + '| x | y |\n'.repeat(20_000)
const MANY_LINE_BREAKS = 'line\\\n'.repeat(16_000) + 'end'

let service: BootedService
let auth: EditorSession['auth']
let categoryId = 0

beforeAll(async () => {
  ;({ service, auth, categoryId } = await startEditorSession())
})

afterAll(async () => {
  await service?.stop()
})

const articleCount = async () => (await service.payload.count({ collection: 'articles' })).totalDocs

describe('Markdown nested too deeply', () => {
  it.each(Object.entries(DEEP))('is refused on /api/admin with a 400 naming the field, and stores nothing: %s', async (_, content) => {
    const before = await articleCount()
    const res = await service.request().post('/api/admin/articles').set(auth()).send({ title: 'Deep', content, categoryId, status: 'published' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      success: false,
      error: { code: 'VALIDATION_ERROR', message: 'Invalid request', details: [{ path: 'content', message: MARKDOWN_TOO_DEEP_MESSAGE }] },
    })
    expect(await articleCount()).toBe(before)
  })

  it('is refused on /cms-api, and on an update, leaving the stored content as it was', async () => {
    const cms = await service.request().post('/cms-api/articles').set(auth()).send({ title: 'Deep', content: DEEP.quotes, category: categoryId })
    expect(cms.status).toBe(400)
    expect(cms.body.errors[0].data.errors).toEqual([{ path: 'content', message: MARKDOWN_TOO_DEEP_MESSAGE }])

    const created = await service.request().post('/api/admin/articles').set(auth()).send({ title: 'Shallow', content: '> once', categoryId })
    expect(created.status).toBe(201)
    const update = await service.request().put(`/api/admin/articles/${created.body.data.id}`).set(auth()).send({ content: DEEP.lists })
    expect(update.status).toBe(400)
    const stored = await service.request().get(`/cms-api/articles/${created.body.data.id}?depth=0`).set(auth())
    expect(stored.body.content).toBe('> once')
  })
})

describe('long Markdown', () => {
  it.each([
    ['a table of 20,000 rows', LONG_TABLE],
    ['a paragraph of 16,000 hard line breaks', MANY_LINE_BREAKS],
  ])('%s is stored and served byte for byte, kept as one Markdown block for the editor', async (_, content) => {
    const res = await service.request().post('/api/admin/articles').set(auth()).send({ title: 'Long', content, categoryId, status: 'published' })
    expect(res.status).toBe(201)
    const read = await service.request().get(`/api/articles/${res.body.data.slug}`)
    expect([read.status, read.body.data.content === content]).toEqual([200, true])
    const cms = await service.request().get(`/cms-api/articles/${res.body.data.id}?depth=0`).set(auth())
    expect(cms.body.contentRichText.root.children).toEqual([
      expect.objectContaining({ type: 'block', fields: expect.objectContaining({ blockType: 'markdown', markdown: content.trimEnd() }) }),
    ])
    const health = await service.request().get('/api/health')
    expect(health.status).toBe(200)
  })
})

describe('rich text that is malformed', () => {
  const text = (value: unknown) => ({ type: 'text', text: value, format: 0, style: '', mode: 'normal', detail: 0, version: 1 })
  const paragraph = (children: unknown[]) => ({ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, children })
  const state = (children: unknown[]) => ({ root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children } })

  it.each([
    ['a text node whose text is an object', state([paragraph([text({ not: 'text' })])])],
    ['a link without its fields', state([paragraph([{ type: 'link', version: 3, children: [text('here')] }])])],
  ])('is refused with a 400 on contentRichText, and the stored content stays: %s', async (_, contentRichText) => {
    const created = await service.request().post('/api/admin/articles').set(auth()).send({ title: 'Kept', content: 'As it was.', categoryId })
    const res = await service.request().patch(`/cms-api/articles/${created.body.data.id}`).set(auth()).send({ contentRichText })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].data.errors).toEqual([{ path: 'contentRichText', message: RICH_TEXT_MALFORMED_MESSAGE }])
    const stored = await service.request().get(`/cms-api/articles/${created.body.data.id}?depth=0`).set(auth())
    expect(stored.body.content).toBe('As it was.')
  })
})
