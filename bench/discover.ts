// What the scenarios need from the running service, read through its public API before any load: the bodies the
// ceiling serves, the home ETag, and the records the single-record scenarios cycle through.

export type Discovery = {
  /** Exact bodies of `/api/home` and `/api/articles`, for the ceiling. */
  bodies: Record<string, string>
  homeEtag: string
  /** Public slugs (`{slug}-{id}`) and ids of articles spread over the whole list. */
  articles: { id: number; slug: string }[]
  projectIds: number[]
  resourceIds: number[]
}

const SAMPLED_ARTICLE_PAGES = 10
const ARTICLES_PER_PAGE = 20
const SAMPLED_RECORDS = 100

const getJson = async <T>(url: string): Promise<T> => {
  const response = await fetch(url)
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

const getText = async (url: string) => {
  const response = await fetch(url)
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
  return { text: await response.text(), etag: response.headers.get('etag') }
}

type Page<T> = { data: T[] }

export const discover = async (url: string): Promise<Discovery> => {
  const home = await getText(`${url}/api/home`)
  if (!home.etag) throw new Error('GET /api/home has no ETag: the 304 scenario needs one')
  const articleList = await getText(`${url}/api/articles`)

  const first = await getJson<{ pagination: { pages: number } }>(`${url}/api/articles?limit=${ARTICLES_PER_PAGE}`)
  const pages = Array.from({ length: SAMPLED_ARTICLE_PAGES }, (_, index) =>
    Math.max(1, Math.round((index * first.pagination.pages) / SAMPLED_ARTICLE_PAGES)),
  )
  const articles = (
    await Promise.all(
      pages.map((page) => getJson<Page<{ id: number; slug: string }>>(`${url}/api/articles?limit=${ARTICLES_PER_PAGE}&page=${page}`)),
    )
  ).flatMap((result) => result.data.map(({ id, slug }) => ({ id, slug })))

  const projects = await getJson<Page<{ id: number }>>(`${url}/api/projects?limit=${SAMPLED_RECORDS}`)
  const resources = await getJson<Page<{ id: number }>>(`${url}/api/resources?limit=${SAMPLED_RECORDS}`)
  if (articles.length === 0 || projects.data.length === 0 || resources.data.length === 0) {
    throw new Error('the service lists no articles, projects or resources: was the database seeded?')
  }
  return {
    bodies: { '/api/home': home.text, '/api/articles': articleList.text },
    homeEtag: home.etag,
    articles,
    projectIds: projects.data.map(({ id }) => id),
    resourceIds: resources.data.map(({ id }) => id),
  }
}
