import { type LoadResult, runKeepAliveLoad } from './keepAliveLoad'
import type { ServerProcess } from './serverProcess'
import { callApi } from './sharedDatabaseServers'

/** Logs `admin` in through /api and publishes one article; answers the token and the article's public slug. */
export const publishArticleAs = async (base: string, admin: { email: string; password: string }) => {
  const token: string = (await callApi(base, 'POST', '/api/auth/login', undefined, admin)).body.data.token
  const category = await callApi(base, 'POST', '/api/admin/categories', token, { name: 'Notes' })
  const created = await callApi(base, 'POST', '/api/admin/articles', token, { title: 'Counted', content: 'Text', categoryId: category.body.data.id, status: 'published' })
  if (created.status !== 201) throw new Error(`publishing the article answered ${created.status}: ${JSON.stringify(created.body)}`)
  return { token, slug: created.body.data.slug as string }
}

export type SigtermOutcome = {
  load: LoadResult
  /** When SIGTERM was sent (a `Date.now()` time). */
  signalledAt: number
  exit: Awaited<ServerProcess['exited']>
}

/**
 * Keeps `connections` keep-alive connections busy, half posting wall messages (a transaction each), half reading the
 * article `slug` (+1 view each), and sends SIGTERM to the server half a second after it has accepted all of them.
 * Resolves once the server has exited.
 */
export const sigtermUnderMixedLoad = async (server: ServerProcess, base: string, slug: string, connections: number): Promise<SigtermOutcome> => {
  let signalledAt = 0
  let signal: () => void = () => {}
  const signalled = new Promise<void>((resolve) => {
    signal = () =>
      setTimeout(() => {
        signalledAt = Date.now()
        server.child.kill('SIGTERM')
        resolve()
      }, 500)
  })
  const load = await runKeepAliveLoad({
    url: base,
    connections,
    until: signalled.then(() => server.exited),
    onEveryConnectionAnswered: () => signal(),
    request: (connection, n) =>
      connection % 2 === 0
        ? { method: 'POST', path: '/api/wall-messages', body: { nickname: `c${connection}`, content: `message ${n}` } }
        : { method: 'GET', path: `/api/articles/${slug}` },
  })
  return { load, signalledAt, exit: await server.exited }
}
