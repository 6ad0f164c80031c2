// The cost of a cache miss: an editor changes something through /api/admin (which empties the public cache), and
// the next visitors of the home and of two article pages wait for their answers to be rebuilt. Measured a few
// times, one request at a time.
import type { Discovery } from './discover'
import { EDITOR_ACCOUNT } from './seed'

export type RebuildTimes = { samplesMs: number[]; medianMs: number; maxMs: number }

/** The routes timed right after a change: the cached home, and a list's first and deep pages. */
export const REBUILT_PATHS = ['/api/home', '/api/articles', '/api/articles?page=2000']

const call = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`)
  return response
}

const summarise = (samplesMs: number[]): RebuildTimes => {
  const sorted = [...samplesMs].sort((a, b) => a - b)
  return { samplesMs, medianMs: sorted[Math.floor(sorted.length / 2)]!, maxMs: sorted.at(-1)! }
}

export const measureRebuilds = async (baseUrl: string, found: Discovery, times = 5): Promise<Record<string, RebuildTimes>> => {
  const login = await call(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(EDITOR_ACCOUNT),
  })
  const { token } = ((await login.json()) as { data: { token: string } }).data
  const carouselId = (JSON.parse(found.bodies['/api/home']!) as { data: { carousels: { id: number }[] } }).data.carousels[0]?.id
  if (carouselId === undefined) throw new Error('the home shows no carousel to change')

  // The first slide has order 0 (the seed numbers them from 0); it is moved back and forth and left where it was.
  const setOrder = (order: number) =>
    call(`${baseUrl}/api/admin/carousels/${carouselId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ order }),
    })
  const samples = new Map<string, number[]>(REBUILT_PATHS.map((path) => [path, []]))
  for (let index = 0; index < times; index++) {
    await setOrder(index % 2 === 0 ? 1 : 0)
    for (const path of REBUILT_PATHS) {
      const started = performance.now()
      await (await call(`${baseUrl}${path}`)).arrayBuffer()
      samples.get(path)!.push(Math.round((performance.now() - started) * 10) / 10)
    }
  }
  await setOrder(0)
  return Object.fromEntries([...samples].map(([path, ms]) => [path, summarise(ms)]))
}
