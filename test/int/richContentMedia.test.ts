import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { articleEditing, type Node, type RichText } from '../helpers/adminArticles'
import type { BootedService } from '../helpers/bootService'
import { type EditorSession, startEditorSession } from '../helpers/editorSession'
import { uploadImage } from '../helpers/media'

let service: BootedService
let auth: EditorSession['auth']
let categoryId = 0

beforeAll(async () => {
  ;({ service, auth, categoryId } = await startEditorSession())
})

afterAll(async () => {
  await service?.stop()
})

const editing = articleEditing(() => ({ service, auth, categoryId }), 'Pictures')
const { createThroughApi, readLikeAdmin } = editing

const saveLikeAdmin = async (id: number, data: Record<string, unknown>) => {
  const res = await editing.saveLikeAdmin(id, data)
  expect([res.status, res.body.errors]).toEqual([200, undefined])
}

/** Each top-level node as the editor shows it: an upload of a media id, an image by URL, or its type. */
const shapes = (state: RichText) =>
  state.root.children.map((node) => {
    if (node.type === 'upload') return { upload: typeof node.value === 'object' ? (node.value as { id: number }).id : node.value }
    if (node.type === 'block' && node.fields?.blockType === 'image') return { imageByUrl: node.fields.url }
    return node.type
  })

const uploadNode = (mediaId: number) => ({ type: 'upload', version: 3, format: '', id: `upload-${mediaId}`, fields: null, relationTo: 'media', value: mediaId })

const paragraph = (text: string): Node => ({
  type: 'paragraph',
  version: 1,
  format: '',
  indent: 0,
  direction: 'ltr',
  textFormat: 0,
  textStyle: '',
  children: [{ type: 'text', version: 1, text, format: 0, style: '', mode: 'normal', detail: 0 }],
})

describe('restoring a version', () => {
  it('brings back its rich text exactly, uploads still linked to their media, and its Markdown with it', async () => {
    const media = await uploadImage(service.payload, 'restored')
    const id = await createThroughApi('First words.')
    const first = await readLikeAdmin(id)
    first.contentRichText.root.children.push(uploadNode(media.id))
    await saveLikeAdmin(id, { contentRichText: first.contentRichText })
    const withImage = await readLikeAdmin(id)
    expect(shapes(withImage.contentRichText)).toEqual(['paragraph', { upload: media.id }])

    await saveLikeAdmin(id, { contentRichText: { root: { ...withImage.contentRichText.root, children: [paragraph('Later words only.')] } } })
    await saveLikeAdmin(id, { title: 'Pictures, renamed' })

    const versions = await service.request().get(`/cms-api/articles/versions?where[parent][equals]=${id}&sort=updatedAt&depth=0`).set(auth())
    const saved = versions.body.docs.find((doc: { version: { content: string } }) => doc.version.content === withImage.content)
    expect(saved).toBeDefined()
    const restored = await service.request().post(`/cms-api/articles/versions/${saved.id}`).set(auth())
    expect(restored.status).toBe(200)

    const after = await readLikeAdmin(id)
    expect(after.contentRichText).toEqual(saved.version.contentRichText)
    expect(shapes(after.contentRichText)).toEqual(['paragraph', { upload: media.id }])
    expect(after.content).toBe(`First words.\n\n![restored image](${media.url})`)
    expect((await service.request().get(`/api/articles/${id}`)).body.data.content).toBe(after.content)
  })
})

describe('Markdown images of this service’s media files', () => {
  it('open in the editor as uploads of their media item; the Markdown stays as written', async () => {
    const media = await uploadImage(service.payload, 'dock')
    const markdown = [
      'Intro.',
      '',
      `![A diagram for this post](${media.url})`,
      '',
      `![Same file, absolute](http://blog.example.com${media.url} "With a title")`,
      '',
      '![Not ours](https://images.example.com/dock.png)',
      '',
      '![Unknown file](/cms-api/media/file/never-uploaded.png)',
      '',
    ].join('\n')
    const id = await createThroughApi(markdown)
    const doc = await readLikeAdmin(id)
    expect(doc.content).toBe(markdown)
    expect(shapes(doc.contentRichText)).toEqual([
      'paragraph',
      { upload: media.id },
      { imageByUrl: `http://blog.example.com${media.url}` },
      { imageByUrl: 'https://images.example.com/dock.png' },
      { imageByUrl: '/cms-api/media/file/never-uploaded.png' },
    ])

    // Saved back unchanged from the editor, and then with a word changed elsewhere: the image keeps its own text.
    await saveLikeAdmin(id, { contentRichText: doc.contentRichText })
    expect((await readLikeAdmin(id)).content).toBe(markdown)
    const edited = structuredClone(doc.contentRichText)
    edited.root.children[0] = paragraph('A new intro.')
    await saveLikeAdmin(id, { contentRichText: edited })
    expect((await readLikeAdmin(id)).content).toBe(markdown.replace('Intro.', 'A new intro.'))
  })

  it('a generated size of a media item, or a link to it, stays as written', async () => {
    const media = await uploadImage(service.payload, 'sized')
    const id = await createThroughApi(`![Small](${media.sizes!.thumbnail!.url})\n\n[The file](${media.url})`)
    expect(shapes((await readLikeAdmin(id)).contentRichText)).toEqual([{ imageByUrl: media.sizes!.thumbnail!.url }, 'paragraph'])
  })
})
