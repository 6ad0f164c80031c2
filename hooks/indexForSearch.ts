import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { writeSearchEntry } from '../lib/db/searchIndex'
import { articleSearchEntry, type IndexedArticle, type IndexedProject, projectSearchEntry } from '../lib/search/searchEntry'

// The search index follows every save and delete, from every door, in the same transaction: a published record is
// (re)indexed, anything else is taken out.

export const indexArticle: CollectionAfterChangeHook<IndexedArticle & { updatedAt: string; createdAt: string }> = async ({ doc, req }) => {
  await writeSearchEntry(req.payload, req, { kind: 'article', id: doc.id }, doc.status === 'published' ? articleSearchEntry(doc) : null)
  return doc
}

export const indexProject: CollectionAfterChangeHook<IndexedProject & { updatedAt: string; createdAt: string }> = async ({ doc, req }) => {
  await writeSearchEntry(req.payload, req, { kind: 'project', id: doc.id }, doc.status === 'published' ? projectSearchEntry(doc) : null)
  return doc
}

export const unindexArticle: CollectionAfterDeleteHook = async ({ id, req }) => {
  await writeSearchEntry(req.payload, req, { kind: 'article', id: Number(id) }, null)
}

export const unindexProject: CollectionAfterDeleteHook = async ({ id, req }) => {
  await writeSearchEntry(req.payload, req, { kind: 'project', id: Number(id) }, null)
}
