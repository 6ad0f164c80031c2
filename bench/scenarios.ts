import type { Discovery } from './discover'

export type ScenarioGroup = 'api' | 'ceiling' | 'peer'

/** Which server answers: the service, the bare node:http ceiling, or the bare Express app beside it. */
export type ScenarioServer = 'ceiling' | 'express' | 'service'

export type Scenario = {
  name: string
  group: ScenarioGroup
  /** Default: the ceiling for the ceiling group, the service for the others. */
  server?: ScenarioServer
  /** What is requested, as shown in the table. */
  request: string
  /** Paths cycled through, one per request, shared by all connections. */
  paths: string[]
  headers?: Record<string, string>
  /** Every response must have this status (a 200 where a 304 is expected is a failure too). */
  expectedStatus: number
  /** The scenario it is compared with as the upper bound: the ceiling serving the same body where there is one. */
  ceiling?: string
  /** Payload's own REST doing comparable work: its list for lists, its single read for single records. */
  peer?: string
}

export const serverOf = (scenario: Scenario): ScenarioServer => scenario.server ?? (scenario.group === 'ceiling' ? 'ceiling' : 'service')

const PEER_LIST = '/cms-api/articles?limit=4&depth=1&sort=-createdAt&where[status][equals]=published'
const DEEP_PAGE = 2000

/**
 * Every scenario, in the order they run: each group of /api routes right after the ceiling and peer it is compared
 * with, so slow drift in the machine's load touches both sides alike.
 */
export const buildScenarios = (found: Discovery): Scenario[] => {
  const publicSlugs = found.articles.map(({ slug }) => `/api/articles/${slug}`)
  return [
    { name: 'ceiling-home-buffer', group: 'ceiling', request: 'ceiling /api/home (Buffer)', paths: ['/buffer/api/home'], expectedStatus: 200 },
    { name: 'ceiling-home-stringify', group: 'ceiling', request: 'ceiling /api/home (stringify)', paths: ['/stringify/api/home'], expectedStatus: 200 },
    {
      name: 'express-home-buffer',
      group: 'ceiling',
      server: 'express',
      request: 'bare Express /api/home (Buffer)',
      paths: ['/buffer/api/home'],
      expectedStatus: 200,
      ceiling: 'ceiling-home-buffer',
    },
    { name: 'home', group: 'api', request: 'GET /api/home (cache hit)', paths: ['/api/home'], expectedStatus: 200, ceiling: 'ceiling-home-buffer', peer: 'peer-list' },
    {
      name: 'home-304',
      group: 'api',
      request: 'GET /api/home If-None-Match (304)',
      paths: ['/api/home'],
      headers: { 'if-none-match': found.homeEtag },
      expectedStatus: 304,
      ceiling: 'ceiling-home-buffer',
      peer: 'peer-list',
    },
    { name: 'skills', group: 'api', request: 'GET /api/skills', paths: ['/api/skills'], expectedStatus: 200, ceiling: 'ceiling-home-buffer', peer: 'peer-list' },
    { name: 'ceiling-articles-buffer', group: 'ceiling', request: 'ceiling /api/articles (Buffer)', paths: ['/buffer/api/articles'], expectedStatus: 200 },
    { name: 'ceiling-articles-stringify', group: 'ceiling', request: 'ceiling /api/articles (stringify)', paths: ['/stringify/api/articles'], expectedStatus: 200 },
    { name: 'peer-list', group: 'peer', request: 'GET /cms-api/articles?limit=4&depth=1…', paths: [PEER_LIST], expectedStatus: 200, ceiling: 'ceiling-articles-buffer' },
    { name: 'articles-p1', group: 'api', request: 'GET /api/articles', paths: ['/api/articles'], expectedStatus: 200, ceiling: 'ceiling-articles-buffer', peer: 'peer-list' },
    {
      name: 'articles-p2000',
      group: 'api',
      request: `GET /api/articles?page=${DEEP_PAGE}`,
      paths: [`/api/articles?page=${DEEP_PAGE}`],
      expectedStatus: 200,
      ceiling: 'ceiling-articles-buffer',
      peer: 'peer-list',
    },
    {
      name: 'peer-detail',
      group: 'peer',
      request: 'GET /cms-api/articles/:id',
      paths: found.articles.map(({ id }) => `/cms-api/articles/${id}`),
      expectedStatus: 200,
      ceiling: 'ceiling-home-buffer',
    },
    {
      name: 'article-detail',
      group: 'api',
      request: 'GET /api/articles/:slug (+1 view)',
      paths: publicSlugs,
      expectedStatus: 200,
      ceiling: 'ceiling-home-buffer',
      peer: 'peer-detail',
    },
    {
      name: 'project-related',
      group: 'api',
      request: 'GET /api/projects/:id/related',
      paths: found.projectIds.map((id) => `/api/projects/${id}/related`),
      expectedStatus: 200,
      ceiling: 'ceiling-home-buffer',
      peer: 'peer-detail',
    },
    {
      name: 'resource-download',
      group: 'api',
      request: 'GET /api/resources/:id/download (302, +1)',
      paths: found.resourceIds.map((id) => `/api/resources/${id}/download`),
      expectedStatus: 302,
      ceiling: 'ceiling-home-buffer',
      peer: 'peer-detail',
    },
  ]
}

/** `--only=home,articles`: the scenarios whose name contains one of the words, plus those they are compared with. */
export const selectScenarios = (scenarios: Scenario[], only: string[]): Scenario[] => {
  if (only.length === 0) return scenarios
  const chosen = new Set(scenarios.filter(({ name }) => only.some((word) => name.includes(word))).map(({ name }) => name))
  for (const scenario of scenarios) {
    if (!chosen.has(scenario.name)) continue
    if (scenario.ceiling) chosen.add(scenario.ceiling)
    if (scenario.peer) chosen.add(scenario.peer)
  }
  return scenarios.filter(({ name }) => chosen.has(name))
}
