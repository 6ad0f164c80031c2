import type { CollectionConfig } from 'payload'

export const COUNTERS_SLUG = 'counters'

/** The counters a record can have; each counted collection uses some (articles: views and likes). */
export const COUNTER_COLUMNS = ['views', 'likes', 'downloads'] as const
export type CounterColumn = (typeof COUNTER_COLUMNS)[number]

const nobody = () => false
const anyone = () => true

/**
 * The views, likes and downloads of one article, project or resource, in a row of their own: a +1 rewrites this
 * small row, never the record's (whose content may be tens of KB), and sums over many records read only these.
 * A record points here through its hidden `counters` field and shows the values through virtual fields
 * (fields/counterFields.ts), so the admin UI, `/cms-api` sorting and filtering work as on stored fields. Written only
 * by the counting code and the record's own hooks; readable by anyone, as each record's counts are public on every
 * door. The rows themselves are no door's business: a listing would count drafts too (one row per record), so the
 * collection has no REST endpoints and no GraphQL queries of its own.
 */
export const Counters: CollectionConfig = {
  slug: COUNTERS_SLUG,
  access: { create: nobody, delete: nobody, read: anyone, update: nobody },
  admin: { hidden: true },
  endpoints: false,
  graphQL: { disableMutations: true, disableQueries: true },
  timestamps: false,
  fields: COUNTER_COLUMNS.map((name) => ({ name, type: 'number', required: true, defaultValue: 0, min: 0 })),
}
