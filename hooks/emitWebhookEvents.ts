import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook, PayloadRequest } from 'payload'

import { publicSlug } from '../lib/publicSlug'
import type { EventData, WebhookEvent } from '../lib/webhooks/events'
import { recordEvent } from '../lib/webhooks/outbox'

// Webhook events describe what the public site shows (API.md "Webhooks"), so a static front end rebuilds exactly
// when it has to. Each hook runs after the change, in its transaction, whichever door it came through (the admin
// UI, /cms-api, /api/admin, the Local API, a scheduled publish), and records the deliveries there (the outbox).

type ContentCollection = 'articles' | 'projects'
type ContentRecord = { id: number; status?: string | null; title?: string | null; slug?: string | null }

const FIELDS: Record<ContentCollection, Record<string, true>> = {
  articles: { status: true, title: true, slug: true },
  projects: { status: true, title: true },
}
const PREFIX = { articles: 'article', projects: 'project' } as const

/** The hook's `doc` holds only what the caller selected (`?select=`, a Local API `select`): then the record is read. */
const hasFields = (doc: object, fields: object) => Object.keys(fields).every((field) => field in doc)

const contentData = (collection: ContentCollection, record: ContentRecord): EventData => ({
  collection,
  id: record.id,
  slug: collection === 'articles' && record.slug ? publicSlug(record.slug, record.id) : null,
  title: record.title ?? null,
  status: record.status ?? null,
})

/**
 * Which event a save is, from the status before and after: `published` when it becomes published (created
 * published, a draft published by hand or by its schedule, a restore that publishes), `unpublished` when a
 * published record becomes a draft, `updated` when it was and stays published. Drafts are invisible to the public
 * site: a draft's edits send nothing.
 */
export const contentChange = (operation: 'create' | 'update', before: unknown, after: unknown): 'published' | 'updated' | 'unpublished' | undefined => {
  const was = operation === 'update' && before === 'published'
  const is = after === 'published'
  if (is) return was ? 'updated' : 'published'
  return was ? 'unpublished' : undefined
}

const readContent = (req: PayloadRequest, collection: ContentCollection, id: number): Promise<ContentRecord> =>
  req.payload.findByID({ collection, id, depth: 0, overrideAccess: true, req, select: FIELDS[collection] }) as Promise<ContentRecord>

/** Article and project events: published, updated, unpublished, and deleted (only for a published record, as drafts were never public). */
export const emitContentEvents = (collection: ContentCollection): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } => ({
  afterChange: async ({ doc, operation, previousDoc, req }) => {
    const record: ContentRecord = hasFields(doc, FIELDS[collection]) ? doc : await readContent(req, collection, doc.id)
    const change = contentChange(operation, previousDoc?.status, record.status)
    if (change) await recordEvent(req, `${PREFIX[collection]}.${change}` as WebhookEvent, contentData(collection, record))
    return doc
  },
  afterDelete: async ({ doc, req }) => {
    if (doc?.status === 'published') await recordEvent(req, `${PREFIX[collection]}.deleted` as WebhookEvent, contentData(collection, doc))
    return doc
  },
})

/**
 * `wall-message.created` when a message appears on the public wall: created approved, or approved later by an
 * editor (with WALL_MODERATION=true). A message waiting for review or marked as spam is not public and sends nothing.
 */
export const emitWallMessageCreated: CollectionAfterChangeHook<{ id: number; status?: string | null; nickname?: string | null }> = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const record = 'status' in doc && 'nickname' in doc ? doc : await req.payload.findByID({ collection: 'wall-messages', id: doc.id, depth: 0, overrideAccess: true, req, select: { status: true, nickname: true } })
  const appeared = record.status === 'approved' && (operation === 'create' || previousDoc?.status !== 'approved')
  if (appeared) await recordEvent(req, 'wall-message.created', { collection: 'wall-messages', id: doc.id, slug: null, title: record.nickname ?? null, status: 'approved' })
  return doc
}

/** `site.updated` on every save of the `site` global (hero, feed settings). */
export const emitSiteUpdated: GlobalAfterChangeHook = async ({ doc, req }) => {
  const title = (doc as { hero?: { title?: string | null } }).hero?.title ?? null
  await recordEvent(req, 'site.updated', { collection: 'site', id: null, slug: null, title, status: null })
  return doc
}
