import type { Field } from 'payload'

import type { FirstAdmin } from './lib/createFirstAdmin'
import type { WebhookSettings } from './lib/webhooks/settings'

/** Slugs of the collections the plugin adds. Fixed, so scripts can rely on them. */
export type BlogPortfolioCollectionSlug =
  | 'articles'
  | 'carousels'
  | 'categories'
  | 'galleries'
  | 'media'
  | 'projects'
  | 'resources'
  | 'skills'
  | 'users'
  | 'wall-messages'

export type BlogPortfolioOptions = {
  /**
   * Base path of Payload's own REST and GraphQL API. It must not be `/api`, which belongs to the public contract.
   * @default '/cms-api'
   */
  cmsApiRoute?: string
  /**
   * Fields appended to a collection, keyed by collection slug. They appear in the admin UI and in `/cms-api`;
   * the `/api` contract shows only its own keys.
   * @default {}
   */
  extraFields?: Partial<Record<BlogPortfolioCollectionSlug, Field[]>>
  /**
   * What to do when the config already has a `users` or `media` collection (create-payload-app's blank template has
   * both): extend it with what the plugin needs, keeping its slug, or refuse it (`false`). Extending keeps the host's
   * fields, settings and hooks, adds the plugin's fields it lacks and runs the plugin's hooks after its own; the
   * plugin's access rules, auth options (sessions, login throttle) and the fields the `/api` contract reads
   * (`users.roles`, `users.name`, `users.avatar`, `media.alt`) win; the host's upload settings win over the
   * plugin's (lib/extendHostCollection.ts). Any other collection of one of the plugin's slugs is always refused.
   * @default true
   */
  extendExisting?: boolean
  /**
   * Fields appended to the `site` global.
   * @default []
   */
  extraSiteFields?: Field[]
  /**
   * Account created on first start when the users collection is empty.
   * @default undefined (the admin UI's create-first-user screen is used instead)
   */
  firstAdmin?: FirstAdmin
  /**
   * Milliseconds between two looks at the jobs queue (scheduled publishing, webhook deliveries) in a process that
   * serves requests (`JOBS_POLL_MS`). A webhook's first delivery does not wait for it: the queue is looked at right
   * after the save that queued it commits.
   * @default 1000
   */
  jobsPollMs?: number
  /**
   * Folder where uploaded media files are stored.
   * @default './data/media'
   */
  mediaDir?: string
  /**
   * Give every collection a numeric `id` from an atomic counter. Needed on MongoDB, whose native ids are ObjectIds.
   * @default true when the configured database adapter's native ids are text (MongoDB), else false
   */
  numericIds?: boolean
  /**
   * The most the memory copy of the search index may take, in megabytes (`SEARCH_MEMORY_MB`); 0: no copy, the
   * database answers every search.
   * @default undefined (a quarter of V8's heap limit, at most 96 MB)
   */
  searchMemoryMb?: number
  /**
   * Requests one client (an IPv4 address, an IPv6 /64) may make per minute to Payload's REST or GraphQL whose query
   * reads every document of a collection: a filter by text or by a field without an index (`SCAN_RATE_LIMIT`; past
   * it, 429). Staff and server code are not counted. 0: no limit.
   * @default 60
   */
  scanRateLimit?: number
  /**
   * Address of the public site (the front end). When set, articles and projects get a preview button in the admin
   * UI that opens `{siteUrl}/articles/{slug}-{id}` or `{siteUrl}/projects/{id}`.
   * @default undefined (no preview button)
   */
  siteUrl?: string
  /**
   * Trust `X-Forwarded-For` for the client's address (`TRUST_PROXY`: the service runs behind a proxy that sets it).
   * Used by the login throttle and the forgot-password limit for a request whose host did not tell its address
   * (Payload's REST served by a route handler of the host's own); off, such requests count as one client, 'unknown'.
   * @default false
   */
  trustProxy?: boolean
  /**
   * How webhooks are delivered: `allowPrivate` lets receivers be on loopback, private and link-local addresses
   * (`WEBHOOK_ALLOW_PRIVATE`); `retryDelaysMs` are the waits before each retry of a failed delivery, each ±20%
   * (`WEBHOOK_RETRY_DELAYS`).
   * @default { allowPrivate: false, retryDelaysMs: [5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h] }
   */
  webhooks?: Partial<WebhookSettings>
  /**
   * New wall messages start as `pending` and wait for an editor's approval.
   * @default false
   */
  wallModeration?: boolean
}
