import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { writeSearchEntry } from '../lib/db/searchIndex'
import {
  ARTICLE_SEARCH_FIELDS,
  articleSearchEntry,
  type IndexedArticle,
  type IndexedProject,
  PROJECT_SEARCH_FIELDS,
  projectSearchEntry,
} from '../lib/search/searchEntry'

// The search index follows every save and delete, from every door, in the same transaction: a published record is
// (re)indexed, anything else is taken out.

/** The hook's `doc` holds only what the caller selected (`?select=`, a Local API `select`): then the record is read. */
const hasFields = (doc: object, fields: object) => Object.keys(fields).every((field) => field in doc)

const readArticle = (req: PayloadRequest, id: number) =>
  req.payload.findByID({ collection: 'articles', id, depth: 0, overrideAccess: true, req, select: ARTICLE_SEARCH_FIELDS })

const readProject = (req: PayloadRequest, id: number) =>
  req.payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true, req, select: PROJECT_SEARCH_FIELDS })

export const indexArticle: CollectionAfterChangeHook<IndexedArticle & { updatedAt: string; createdAt: string }> = async ({ doc, req }) => {
  const record = hasFields(doc, ARTICLE_SEARCH_FIELDS) ? doc : await readArticle(req, doc.id)
  await writeSearchEntry(req.payload, req, { kind: 'article', id: doc.id }, record.status === 'published' ? articleSearchEntry(record) : null)
  return doc
}

export const indexProject: CollectionAfterChangeHook<IndexedProject & { updatedAt: string; createdAt: string }> = async ({ doc, req }) => {
  const record = hasFields(doc, PROJECT_SEARCH_FIELDS) ? doc : await readProject(req, doc.id)
  await writeSearchEntry(req.payload, req, { kind: 'project', id: doc.id }, record.status === 'published' ? projectSearchEntry(record) : null)
  return doc
}

export const unindexArticle: CollectionAfterDeleteHook = async ({ id, req }) => {
  await writeSearchEntry(req.payload, req, { kind: 'article', id: Number(id) }, null)
}

export const unindexProject: CollectionAfterDeleteHook = async ({ id, req }) => {
  await writeSearchEntry(req.payload, req, { kind: 'project', id: Number(id) }, null)
}
