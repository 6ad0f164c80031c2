import type { Payload, TypedUser, Where } from 'payload'

import { readDailyViews } from '../lib/db/dailyViews'
import { ViewsChart } from './ViewsChart'

type Props = { payload: Payload; user?: TypedUser | null }

type Count = { label: string; value: number; href: string }

const published: Where = { status: { equals: 'published' } }
const drafts: Where = { status: { equals: 'draft' } }
const pending: Where = { status: { equals: 'pending' } }

const views = (count: number) => `${count} ${count === 1 ? 'view' : 'views'}`

const tile = {
  background: 'var(--theme-elevation-50)',
  border: '1px solid var(--theme-elevation-100)',
  borderRadius: 'var(--style-radius-m, 4px)',
  padding: '16px 20px',
  textDecoration: 'none',
  color: 'inherit',
} as const

/** The dashboard's opening lines for editors: what is published, what waits, daily views, and the most read articles. */
export const DashboardStats = async ({ payload, user }: Props) => {
  if (!user) return null
  const admin = payload.config.routes.admin
  const list = (collection: string, status: string) =>
    `${admin}/collections/${collection}?where[status][equals]=${status}`
  const count = async (collection: 'articles' | 'projects' | 'wall-messages', where: Where) =>
    (await payload.count({ collection, where })).totalDocs

  const [publishedArticles, draftArticles, publishedProjects, draftProjects, pendingMessages, mostViewed, dailyViews] = await Promise.all([
    count('articles', published),
    count('articles', drafts),
    count('projects', published),
    count('projects', drafts),
    count('wall-messages', pending),
    payload.find({
      collection: 'articles',
      depth: 0,
      limit: 5,
      pagination: false,
      select: { title: true, viewCount: true },
      sort: ['-viewCount', '-createdAt'],
      where: published,
    }),
    readDailyViews(payload, 30),
  ])
  const counts: Count[] = [
    { label: 'Published articles', value: publishedArticles, href: list('articles', 'published') },
    { label: 'Draft articles', value: draftArticles, href: list('articles', 'draft') },
    { label: 'Published projects', value: publishedProjects, href: list('projects', 'published') },
    { label: 'Draft projects', value: draftProjects, href: list('projects', 'draft') },
    { label: 'Wall messages to review', value: pendingMessages, href: list('wall-messages', 'pending') },
  ]

  return (
    <section aria-label="Site at a glance" style={{ marginBottom: 'calc(var(--base) * 2)' }}>
      <h2 style={{ marginBottom: 'var(--base)' }}>At a glance</h2>
      <div style={{ display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
        {counts.map(({ label, value, href }) => (
          <a data-stat={label} href={href} key={label} style={tile}>
            <div style={{ fontSize: '2rem', fontWeight: 600, lineHeight: 1.2 }}>{value}</div>
            <div style={{ color: 'var(--theme-elevation-600)' }}>{label}</div>
          </a>
        ))}
      </div>
      <div style={{ marginTop: 'calc(var(--base) * 1.5)' }}>
        <ViewsChart days={dailyViews} title="Site views" />
      </div>
      <h3 style={{ margin: 'calc(var(--base) * 1.5) 0 calc(var(--base) / 2)' }}>Most viewed articles</h3>
      {mostViewed.docs.length === 0 ? (
        <p>No published articles yet.</p>
      ) : (
        <ol aria-label="Most viewed articles" style={{ paddingLeft: '1.25rem' }}>
          {mostViewed.docs.map((doc) => (
            <li key={doc.id}>
              <a href={`${admin}/collections/articles/${doc.id}`}>{String(doc.title)}</a> · {views(Number(doc.viewCount ?? 0))}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
