import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { writeSearchEntry } from '../lib/db/searchIndex'
import { articleSearchEntry, type IndexedArticle, type IndexedProject, projectSearchEntry } from '../lib/search/searchEntry'

// The search index follows every save and delete, from every door, in the same transaction: a published record is
// (re)indexed, anything else is taken out.

const ARTICLE_FIELDS = { title: true, excerpt: true, content: true, status: true } as const
const PROJECT_FIELDS = { title: true, description: true, techStack: true, content: true, status: true } as const

/** The hook's `doc` holds only what the caller selected (`?select=`, a Local API `select`): then the record is read. */
const hasFields = (doc: object, fields: object) => Object.keys(fields).every((field) => field in doc)

const readArticle = (req: PayloadRequest, id: number) =>
  req.payload.findByID({ collection: 'articles', id, depth: 0, overrideAccess: true, req, select: ARTICLE_FIELDS })

const readProject = (req: PayloadRequest, id: number) =>
  req.payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true, req, select: PROJECT_FIELDS })

export const indexArticle: CollectionAfterChangeHook<IndexedArticle & { updatedAt: string; createdAt: string }> = async ({ doc, req }) => {
  const record = hasFields(doc, ARTICLE_FIELDS) ? doc : await readArticle(req, doc.id)
  await writeSearchEntry(req.payload, req, { kind: 'article', id: doc.id }, record.status === 'published' ? articleSearchEntry(record) : null)
  return doc
}

export const indexProject: CollectionAfterChangeHook<IndexedProject & { updatedAt: string; createdAt: string }> = async ({ doc, req }) => {
  const record = hasFields(doc, PROJECT_FIELDS) ? doc : await readProject(req, doc.id)
  await writeSearchEntry(req.payload, req, { kind: 'project', id: doc.id }, record.status === 'published' ? projectSearchEntry(record) : null)
  return doc
}

export const unindexArticle: CollectionAfterDeleteHook = async ({ id, req }) => {
  await writeSearchEntry(req.payload, req, { kind: 'article', id: Number(id) }, null)
}

export const unindexProject: CollectionAfterDeleteHook = async ({ id, req }) => {
  await writeSearchEntry(req.payload, req, { kind: 'project', id: Number(id) }, null)
}
