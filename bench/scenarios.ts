// What is loaded: each scenario, with what the running service tells about itself first (the bodies the ceiling
// serves, the home ETag, the records the single-record scenarios cycle through); and the cost of a cache miss.

/**
 * `request` is what the table shows; `paths` are cycled through, one per request, shared by all connections; every
 * response must have `expectedStatus` (a 200 where a 304 is expected is a failure too). `ceiling` names the scenario
 * it is compared with as the upper bound (the ceiling serving the same body where there is one), `peer` Payload's own
 * REST doing comparable work (its list for lists, its single read for single records). `server`: see serverOf. The
 * `host` group runs the contract in examples/next-app, compared with the standalone service (no target).
 */
export type Scenario = {
  name: string; group: 'api' | 'ceiling' | 'peer' | 'host'; server?: 'ceiling' | 'hono' | 'service' | 'example'; request: string; paths: string[]
  headers?: Record<string, string>; expectedStatus: number; ceiling?: string; peer?: string
}

export type Discovery = Awaited<ReturnType<typeof discover>>

const get = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`)
  return response
}
const getJson = async <T>(url: string) => (await (await get(url)).json()) as T

type Page<T> = { data: T[]; pagination: { pages: number } }

/** Reads, through the public API, the exact bodies of `/api/home` and `/api/articles`, and records spread over the lists. */
export const discover = async (url: string) => {
  const home = await get(`${url}/api/home`)
  const homeEtag = home.headers.get('etag')
  if (!homeEtag) throw new Error('GET /api/home has no ETag: the 304 scenario needs one')
  const bodies = { '/api/home': await home.text(), '/api/articles': await (await get(`${url}/api/articles`)).text() }
  // 20 articles from each of 10 pages spread over the whole list.
  const { pages } = (await getJson<Page<unknown>>(`${url}/api/articles?limit=20`)).pagination
  const articles = (
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        getJson<Page<{ id: number; slug: string }>>(`${url}/api/articles?limit=20&page=${Math.max(1, Math.round((index * pages) / 10))}`),
      ),
    )
  ).flatMap(({ data }) => data.map(({ id, slug }) => ({ id, slug })))
  const projectIds = (await getJson<Page<{ id: number }>>(`${url}/api/projects?limit=100`)).data.map(({ id }) => id)
  const resourceIds = (await getJson<Page<{ id: number }>>(`${url}/api/resources?limit=100`)).data.map(({ id }) => id)
  if (articles.length === 0 || projectIds.length === 0 || resourceIds.length === 0) {
    throw new Error('the service lists no articles, projects or resources: was the database seeded?')
  }
  const titles = (
    await Promise.all(Array.from({ length: 5 }, (_, index) => getJson<Page<{ title: string }>>(`${url}/api/articles?limit=20&page=${index * 50 + 1}`)))
  ).flatMap(({ data }) => data.map(({ title }) => title))
  return { bodies, homeEtag, articles, projectIds, resourceIds, searchQueries: searchQueriesFrom(titles) }
}

/** More than both runs of the scenario ask for (about 14,000 at 1,000 searches a second): none is asked twice. */
const SEARCH_PATHS = 50_000

/**
 * Searches as readers type them, from words of real titles: a word, two words, a word being typed (a prefix). Each
 * path is distinct (`n`, which the route ignores), so the public cache cannot answer them: this times the index.
 */
const searchQueriesFrom = (titles: string[]): string[] => {
  const words = [...new Set(titles.flatMap((title) => title.toLowerCase().match(/\p{L}{3,}/gu) ?? []))]
  if (words.length < 2) throw new Error('too few words in the article titles to search for')
  return Array.from({ length: SEARCH_PATHS }, (_, index) => {
    const word = words[index % words.length]!
    const next = words[(index * 7 + 3) % words.length]!
    const q = [word, `${word} ${next}`, word.slice(0, Math.max(3, word.length - 2))][index % 3]!
    return `/api/search?q=${encodeURIComponent(q)}&n=${index}`
  })
}

/** Who answers: the service, the bare node:http ceiling, the bare Hono app beside it, or the example Next app. */
export const serverOf = (scenario: Scenario) => scenario.server ?? (scenario.group === 'ceiling' ? 'ceiling' : 'service')

const HOME = 'ceiling-home-buffer'
const ARTICLES = 'ceiling-articles-buffer'
const DEEP_PAGE = `/api/articles?page=2000`
const PEER_LIST = '/cms-api/articles?limit=4&depth=1&sort=-createdAt&where[status][equals]=published'

const scenario = (
  name: string, group: Scenario['group'], request: string, paths: string[], ceiling?: string, peer?: string, more?: Partial<Scenario>,
): Scenario => ({ name, group, request, paths, expectedStatus: 200, ceiling, peer, ...more })

/**
 * Every scenario, in the order they run: each group of /api routes right after the ceiling and peer it is compared
 * with, so slow drift in the machine's load touches both sides alike.
 */
export const buildScenarios = ({ homeEtag, articles, projectIds, resourceIds, searchQueries }: Discovery): Scenario[] => [
  scenario(HOME, 'ceiling', 'ceiling /api/home (Buffer)', ['/buffer/api/home']),
  scenario('ceiling-home-stringify', 'ceiling', 'ceiling /api/home (stringify)', ['/stringify/api/home']),
  scenario('hono-home-buffer', 'ceiling', 'bare Hono /api/home (Buffer)', ['/buffer/api/home'], HOME, undefined, { server: 'hono' }),
  scenario('home', 'api', 'GET /api/home (cache hit)', ['/api/home'], HOME, 'peer-list'),
  scenario('home-304', 'api', 'GET /api/home If-None-Match (304)', ['/api/home'], HOME, 'peer-list', {
    headers: { 'if-none-match': homeEtag },
    expectedStatus: 304,
  }),
  scenario('skills', 'api', 'GET /api/skills', ['/api/skills'], HOME, 'peer-list'),
  scenario(ARTICLES, 'ceiling', 'ceiling /api/articles (Buffer)', ['/buffer/api/articles']),
  scenario('ceiling-articles-stringify', 'ceiling', 'ceiling /api/articles (stringify)', ['/stringify/api/articles']),
  scenario('peer-list', 'peer', 'GET /cms-api/articles?limit=4&depth=1…', [PEER_LIST], ARTICLES),
  scenario('articles-p1', 'api', 'GET /api/articles', ['/api/articles'], ARTICLES, 'peer-list'),
  scenario('articles-p2000', 'api', `GET ${DEEP_PAGE}`, [DEEP_PAGE], ARTICLES, 'peer-list'),
  scenario('peer-detail', 'peer', 'GET /cms-api/articles/:id', articles.map(({ id }) => `/cms-api/articles/${id}`), HOME),
  scenario('article-detail', 'api', 'GET /api/articles/:slug (+1 view)', articles.map(({ slug }) => `/api/articles/${slug}`), HOME, 'peer-detail'),
  scenario('project-related', 'api', 'GET /api/projects/:id/related', projectIds.map((id) => `/api/projects/${id}/related`), HOME, 'peer-detail'),
  scenario('resource-download', 'api', 'GET /api/resources/:id/download (302, +1)', resourceIds.map((id) => `/api/resources/${id}/download`), HOME,
    'peer-detail', { expectedStatus: 302 }),
  scenario('search', 'api', 'GET /api/search?q=… (index, no cache)', searchQueries, HOME, 'peer-list'),
  scenario('example-articles', 'host', 'GET /api/articles in examples/next-app (× ceiling: over the service)', ['/api/articles'], 'articles-p1',
    undefined, { server: 'example' }),
]

/** `--only=home,articles`: the scenarios whose name contains one of the words, plus those they are compared with. */
export const selectScenarios = (scenarios: Scenario[], only: string[]): Scenario[] => {
  if (only.length === 0) return scenarios
  const chosen = new Set<string | undefined>(scenarios.filter(({ name }) => only.some((word) => name.includes(word))).map(({ name }) => name))
  for (const { name, ceiling, peer } of scenarios) if (chosen.has(name)) chosen.add(ceiling).add(peer)
  return scenarios.filter(({ name }) => chosen.has(name))
}

/**
 * The routes timed right after a change: the cached home and a list's first and deep pages, then, after changes of
 * their own (the sitemap's garbage slowed the next home rebuild), the sitemap and a feed.
 */
const REBUILT_PATHS = [['/api/home', '/api/articles', DEEP_PAGE], ['/api/sitemap.xml', '/api/feeds/rss.xml']]

/**
 * The cost of a miss: an editor moves the first slide through /api/admin (which empties the public cache) and back,
 * `times` times; after each change the rebuilt routes are timed one request at a time.
 */
export const measureRebuilds = async (url: string, found: Discovery, account: { email: string; password: string }, times = 5) => {
  const json = { 'Content-Type': 'application/json' }
  const login = await get(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(account) })
  const { token } = ((await login.json()) as { data: { token: string } }).data
  const carouselId = (JSON.parse(found.bodies['/api/home']) as { data: { carousels: { id: number }[] } }).data.carousels[0]?.id
  if (carouselId === undefined) throw new Error('the home shows no carousel to change')
  // The first slide has order 0 (the seed numbers them from 0); it is moved back and forth and left where it was.
  const headers = { ...json, Authorization: `Bearer ${token}` }
  const setOrder = (order: number) => get(`${url}/api/admin/carousels/${carouselId}`, { method: 'PUT', headers, body: JSON.stringify({ order }) })
  const samples = new Map<string, number[]>(REBUILT_PATHS.flat().map((path) => [path, []]))
  for (const paths of REBUILT_PATHS) {
    for (let index = 0; index < times; index++) {
      await setOrder(index % 2 === 0 ? 1 : 0)
      for (const path of paths) {
        const started = performance.now()
        await (await get(`${url}${path}`)).arrayBuffer()
        samples.get(path)!.push(Math.round((performance.now() - started) * 10) / 10)
      }
    }
  }
  await setOrder(0)
  return Object.fromEntries(
    [...samples].map(([path, samplesMs]) => {
      const sorted = [...samplesMs].sort((a, b) => a - b)
      return [path, { samplesMs, medianMs: sorted[Math.floor(sorted.length / 2)]!, maxMs: sorted.at(-1)! }]
    }),
  )
}
