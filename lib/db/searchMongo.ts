import type { Payload, PayloadRequest } from 'payload'

import type { QueryTerm } from '../search/searchText'
import type { SearchEntry, SearchKind } from './searchIndex'

// MongoDB keeps the index in its own collection: a text index over the token strings (title weighing ten times the
// body) finds candidates and scores them, and a multikey index over each entry's distinct tokens serves a query
// whose only word is still being typed (a prefix, which a text index cannot match).

type Documents = Record<string, unknown>[]
type MongoCollection = {
  createIndex: (keys: object, options: object) => Promise<unknown>
  estimatedDocumentCount: () => Promise<number>
  deleteOne: (filter: object, options?: object) => Promise<unknown>
  replaceOne: (filter: object, replacement: object, options: object) => Promise<unknown>
  aggregate: (pipeline: object[], options?: object) => { toArray: () => Promise<Documents> }
}
type MongoAdapter = { connection: { db?: { collection: (name: string) => MongoCollection } }; sessions?: Record<string | number, unknown> }

const isMongoAdapter = (db: object): db is MongoAdapter =>
  'name' in db && db.name === 'mongoose' && 'connection' in db && typeof db.connection === 'object' && db.connection !== null

const COLLECTION = 'search_entries'

const entriesOf = (payload: Payload): MongoCollection | undefined => {
  const db: object = payload.db
  return isMongoAdapter(db) ? db.connection.db?.collection(COLLECTION) : undefined
}

/** The request's transaction, so an entry changes with its record or not at all. */
const sessionOf = async (payload: Payload, req?: Partial<PayloadRequest>): Promise<object> => {
  const db: object = payload.db
  const transaction = req?.transactionID === undefined ? undefined : await req.transactionID
  const session = transaction !== undefined && isMongoAdapter(db) ? db.sessions?.[transaction] : undefined
  return session ? { session } : {}
}

export const ensureMongoSearchIndex = async (payload: Payload): Promise<boolean> => {
  const entries = entriesOf(payload)
  if (!entries) return false
  await entries.createIndex({ title: 'text', body: 'text' }, { name: 'search_text', weights: { title: 10, body: 1 }, default_language: 'none' })
  await entries.createIndex({ tokens: 1 }, { name: 'search_tokens' })
  return true
}

export const countMongoSearchEntries = async (payload: Payload): Promise<number | undefined> => entriesOf(payload)?.estimatedDocumentCount()

export const writeMongoSearchEntry = async (
  payload: Payload,
  req: Partial<PayloadRequest> | undefined,
  key: { kind: SearchKind; id: number },
  entry: SearchEntry | null,
): Promise<boolean> => {
  const entries = entriesOf(payload)
  if (!entries) return false
  const _id = `${key.kind}:${key.id}`
  const options = await sessionOf(payload, req)
  if (!entry) {
    await entries.deleteOne({ _id }, options)
    return true
  }
  const tokens = [...new Set(`${entry.title} ${entry.body}`.split(' ').filter(Boolean))]
  const document = { kind: entry.kind, recordId: entry.id, title: entry.title, body: entry.body, tokens, plain: entry.plain, excerpt: entry.excerpt }
  await entries.replaceOne({ _id }, document, { ...options, upsert: true })
  return true
}

/** A term as a pattern over a token string: its tokens in order, whole words (the last one a prefix when typed). */
const termPattern = (term: QueryTerm) => `(?:^| )${term.tokens.join(' ')}${term.prefix ? '' : '(?: |$)'}`

export type MongoMatch = { kind: SearchKind; id: number; inTitle: boolean; rank: number; plain: string; excerpt: string }

/**
 * One page of entries matching every term, those whose title holds every term first, then by text score. Tokens
 * hold letters and digits only, so they are safe inside a pattern.
 */
export const queryMongoSearchIndex = async (
  payload: Payload,
  { terms, kinds, limit, offset }: { terms: QueryTerm[]; kinds: SearchKind[]; limit: number; offset: number },
): Promise<{ total: number; matches: MongoMatch[] } | undefined> => {
  const entries = entriesOf(payload)
  if (!entries) return undefined
  const whole = terms.filter((term) => !term.prefix).flatMap((term) => term.tokens)
  const typed = terms.find((term) => term.prefix)
  const candidates = whole.length > 0 ? { $text: { $search: whole.join(' ') } } : { tokens: { $regex: `^${typed?.tokens.at(-1) ?? ''}` } }
  const everyTerm = terms.map((term) => ({ $or: [{ title: { $regex: termPattern(term) } }, { body: { $regex: termPattern(term) } }] }))
  const inTitle = { $and: terms.map((term) => ({ $regexMatch: { input: '$title', regex: termPattern(term) } })) }
  const [result] = await entries
    .aggregate([
      { $match: { ...candidates, kind: { $in: kinds }, $and: everyTerm } },
      { $addFields: { inTitle, rank: whole.length > 0 ? { $meta: 'textScore' } : 0 } },
      { $sort: { inTitle: -1, rank: -1, recordId: -1 } },
      { $facet: { total: [{ $count: 'count' }], page: [{ $skip: offset }, { $limit: limit }, { $project: { kind: 1, recordId: 1, inTitle: 1, rank: 1, plain: 1, excerpt: 1 } }] } },
    ])
    .toArray()
  const total = Number((Array.isArray(result?.total) ? result.total[0]?.count : 0) ?? 0)
  const page: Documents = Array.isArray(result?.page) ? result.page : []
  return {
    total,
    matches: page.map((row) => ({
      kind: row.kind === 'project' ? 'project' : 'article',
      id: Number(row.recordId),
      inTitle: row.inTitle === true,
      rank: Number(row.rank ?? 0),
      plain: String(row.plain ?? ''),
      excerpt: String(row.excerpt ?? ''),
    })),
  }
}
