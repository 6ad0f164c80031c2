import { expect } from 'vitest'

import type { EditorSession } from './editorSession'

export type Node = { type: string; text?: string; children?: Node[]; fields?: null | Record<string, unknown>; [key: string]: unknown }
export type RichText = { root: Node & { children: Node[] } }

/**
 * An article's life between the two doors an editor uses: written in Markdown through /api/admin, then read and
 * saved as the admin UI does (Payload's REST, the form's state sent back with PATCH). `session` is read when called,
 * so it may be one a `beforeAll` starts.
 */
export const articleEditing = (session: () => EditorSession, title: string) => ({
  createThroughApi: async (content: string): Promise<number> => {
    const { service, auth, categoryId } = session()
    const res = await service.request().post('/api/admin/articles').set(auth()).send({ title, content, categoryId, status: 'published' })
    expect([res.status, res.body.error]).toEqual([201, undefined])
    return res.body.data.id as number
  },
  readLikeAdmin: async (id: number) => {
    const { service, auth } = session()
    const res = await service.request().get(`/cms-api/articles/${id}?depth=0`).set(auth())
    expect(res.status).toBe(200)
    return res.body as { content: string; contentRichText: RichText }
  },
  saveLikeAdmin: (id: number, data: Record<string, unknown>) => {
    const { service, auth } = session()
    return service.request().patch(`/cms-api/articles/${id}?depth=0`).set(auth()).send(data)
  },
})
