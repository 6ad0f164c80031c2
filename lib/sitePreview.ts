import { publicSlug } from './publicSlug'

type PreviewDoc = { id?: number | string; slug?: null | string }

/** Where the public site shows a record, for the admin UI's preview button; null until the record is saved. */
export const sitePreviewUrl = (siteUrl: string, collection: 'articles' | 'projects', doc: PreviewDoc): null | string => {
  if (doc.id === undefined || doc.id === null) return null
  if (collection === 'projects') return `${siteUrl}/projects/${doc.id}`
  return doc.slug ? `${siteUrl}/articles/${publicSlug(doc.slug, Number(doc.id))}` : `${siteUrl}/articles/${doc.id}`
}
