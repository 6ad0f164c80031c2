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
   * Address of the public site (the front end). When set, articles and projects get a preview button in the admin
   * UI that opens `{siteUrl}/articles/{slug}-{id}` or `{siteUrl}/projects/{id}`.
   * @default undefined (no preview button)
   */
  siteUrl?: string
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
