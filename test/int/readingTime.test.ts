import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { BootedService } from '../helpers/bootService'
import { type EditorSession, startEditorSession } from '../helpers/editorSession'

// 460 Latin words (2 minutes) and 600 Han characters (1.2 minutes): ceil(3.2) = 4.
const LONG = ['## Start', '', 'word '.repeat(460).trim(), '', '### 中文', '', '字'.repeat(600), '', '## Start'].join('\n')

const CONTENTS = [
  '# Title',
  '',
  'Intro text.',
  '',
  '## Getting *started* with [the guide](https://example.com)',
  '',
  '```md',
  '## Not a heading',
  '```',
  '',
  'Setext two',
  '----------',
  '',
  '#### Deep', // not listed, but it takes the anchor "deep"
  '',
  '### Deep',
  '',
  '## 你好，世界',
  '',
  '## Getting started with the guide',
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

const createThroughApi = async (content: string, status = 'published') => {
  const res = await service.request().post('/api/admin/articles').set(auth()).send({ title: 'Reading', content, categoryId, status })
  expect([res.status, res.body.error]).toEqual([201, undefined])
  return res.body.data as { id: number; readingTimeMinutes: number; toc: unknown }
}

const detail = async (id: number) => {
  const res = await service.request().get(`/api/articles/${id}`)
  expect(res.status).toBe(200)
  return res.body.data as { readingTimeMinutes: number; toc: unknown }
}

const stored = async (id: number) => service.payload.findByID({ collection: 'articles', id, overrideAccess: true, depth: 0 })

const CONTENTS_TOC = [
  { depth: 2, text: 'Getting started with the guide', anchor: 'getting-started-with-the-guide' },
  { depth: 2, text: 'Setext two', anchor: 'setext-two' },
  { depth: 3, text: 'Deep', anchor: 'deep-1' },
  { depth: 2, text: '你好，世界', anchor: '你好世界' },
  { depth: 2, text: 'Getting started with the guide', anchor: 'getting-started-with-the-guide-1' },
]

describe('readingTimeMinutes and toc in the article detail', () => {
  it('are in the detail and the admin record, worked out on save and stored', async () => {
    const created = await createThroughApi(CONTENTS)
    expect(created.readingTimeMinutes).toBe(1)
    expect(created.toc).toEqual(CONTENTS_TOC)
    expect(await detail(created.id)).toMatchObject({ readingTimeMinutes: 1, toc: CONTENTS_TOC })
    const record = await stored(created.id)
    expect(record.readingTimeMinutes).toBe(1)
    expect(record.toc).toEqual(CONTENTS_TOC)
  })

  it('counts Latin words and CJK characters at their own rates', async () => {
    const { id } = await createThroughApi(LONG)
    const data = await detail(id)
    expect(data.readingTimeMinutes).toBe(4)
    expect(data.toc).toEqual([
      { depth: 2, text: 'Start', anchor: 'start' },
      { depth: 3, text: '中文', anchor: '中文' },
      { depth: 2, text: 'Start', anchor: 'start-1' },
    ])
  })

  it('are worked out again when the content changes through /api/admin, and kept when it does not', async () => {
    const { id } = await createThroughApi(CONTENTS)
    const kept = await service.request().put(`/api/admin/articles/${id}`).set(auth()).send({ excerpt: 'Short' })
    expect(kept.status).toBe(200)
    expect(kept.body.data.toc).toEqual(CONTENTS_TOC)
    const changed = await service.request().put(`/api/admin/articles/${id}`).set(auth()).send({ content: LONG })
    expect(changed.status).toBe(200)
    expect(changed.body.data.readingTimeMinutes).toBe(4)
    expect((await stored(id)).readingTimeMinutes).toBe(4)
    expect((await detail(id)).toc).toEqual([
      { depth: 2, text: 'Start', anchor: 'start' },
      { depth: 3, text: '中文', anchor: '中文' },
      { depth: 2, text: 'Start', anchor: 'start-1' },
    ])
  })

  it('are worked out again when an editor changes a heading in the admin UI (rich text saved through /cms-api)', async () => {
    const { id } = await createThroughApi('## First heading\n\nBody.\n')
    const read = await service.request().get(`/cms-api/articles/${id}?depth=0`).set(auth())
    expect(read.status).toBe(200)
    const renamed = JSON.parse(JSON.stringify(read.body.contentRichText).replace('First heading', 'Renamed heading'))
    const saved = await service.request().patch(`/cms-api/articles/${id}?depth=0`).set(auth()).send({ content: read.body.content, contentRichText: renamed })
    expect(saved.status).toBe(200)
    expect((await detail(id)).toc).toEqual([{ depth: 2, text: 'Renamed heading', anchor: 'renamed-heading' }])
  })

  it('cannot be set by hand through /cms-api: the save works them out from the content', async () => {
    const { id } = await createThroughApi('## Only\n')
    const saved = await service
      .request()
      .patch(`/cms-api/articles/${id}?depth=0`)
      .set(auth())
      .send({ readingTimeMinutes: 99, toc: [{ depth: 2, text: 'Forged', anchor: 'forged' }] })
    expect(saved.status).toBe(200)
    expect(await detail(id)).toMatchObject({ readingTimeMinutes: 1, toc: [{ depth: 2, text: 'Only', anchor: 'only' }] })
  })

  it('answer correctly for a record saved before they existed (worked out on read)', async () => {
    const { id } = await createThroughApi(CONTENTS)
    await service.payload.db.updateOne({ collection: 'articles', id, data: { readingTimeMinutes: null, toc: null } })
    const record = await stored(id)
    expect(record.readingTimeMinutes ?? null).toBeNull()
    expect(record.toc ?? null).toBeNull()
    expect(await detail(id)).toMatchObject({ readingTimeMinutes: 1, toc: CONTENTS_TOC })
  })

  it('give [] and 1 minute for content without headings, and leave the list items unchanged', async () => {
    const { id } = await createThroughApi('Just one line.')
    expect(await detail(id)).toMatchObject({ readingTimeMinutes: 1, toc: [] })
    const list = await service.request().get('/api/articles?limit=20')
    expect(list.status).toBe(200)
    for (const item of list.body.data) {
      expect(Object.keys(item).sort()).toEqual(['category', 'comments', 'cover', 'date', 'excerpt', 'id', 'slug', 'title', 'views'])
    }
  })
})
