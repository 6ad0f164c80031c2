import { publicSlug } from '../../lib/publicSlug'
import { escapeXml } from '../../lib/xmlText'

/** A published record the sitemap lists. */
export type SitemapEntry =
  | { kind: 'article'; id: number; slug?: string | null; updatedAt: string }
  | { kind: 'project'; id: number; updatedAt: string }

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

/** W3C datetime in UTC to the second: `2026-01-31T09:30:00Z`. */
export const w3cDateTime = (iso: string): string => `${new Date(iso).toISOString().slice(0, 19)}Z`

const pageUrl = (entry: SitemapEntry, siteUrl: string): string =>
  entry.kind === 'project'
    ? `${siteUrl}/projects/${entry.id}`
    : `${siteUrl}/articles/${entry.slug ? publicSlug(entry.slug, entry.id) : entry.id}`

const newest = (entries: SitemapEntry[]): string =>
  entries.reduce((latest, entry) => (entry.updatedAt > latest.updatedAt ? entry : latest)).updatedAt

/** A `urlset` of the entries, with each page's address and last change. */
export const urlSet = (entries: SitemapEntry[], siteUrl: string): string =>
  [
    DECLARATION,
    `<urlset xmlns="${NAMESPACE}">`,
    ...entries.map(
      (entry) => `<url><loc>${escapeXml(pageUrl(entry, siteUrl))}</loc><lastmod>${w3cDateTime(entry.updatedAt)}</lastmod></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n')

const pages = (entries: SitemapEntry[], perPage: number): SitemapEntry[][] =>
  Array.from({ length: Math.ceil(entries.length / perPage) }, (_, index) => entries.slice(index * perPage, (index + 1) * perPage))

/** A `sitemapindex` of the files `{filesUrl}/1.xml`, `2.xml`, … of `perPage` entries each, with their last change. */
export const sitemapIndex = (entries: SitemapEntry[], perPage: number, filesUrl: string): string =>
  [
    DECLARATION,
    `<sitemapindex xmlns="${NAMESPACE}">`,
    ...pages(entries, perPage).map(
      (page, index) =>
        `<sitemap><loc>${escapeXml(`${filesUrl}/${index + 1}.xml`)}</loc><lastmod>${w3cDateTime(newest(page))}</lastmod></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n')

/** File `page` (from 1) of the index: a `urlset` of its entries, or null past the last file. */
export const sitemapPage = (entries: SitemapEntry[], perPage: number, page: number, siteUrl: string): string | null => {
  const slice = entries.slice((page - 1) * perPage, page * perPage)
  return slice.length === 0 ? null : urlSet(slice, siteUrl)
}
