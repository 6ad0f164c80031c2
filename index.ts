import path from 'node:path'

import {
  baseSessionsField,
  type CollectionAfterChangeHook,
  type CollectionAfterDeleteHook,
  type CollectionConfig,
  type Config,
  type Field,
} from 'payload'

import { ArticleDailyViews } from './collections/ArticleDailyViews'
import { ArticleLikes } from './collections/ArticleLikes'
import { ArticleRedirects } from './collections/ArticleRedirects'
import { Articles } from './collections/Articles'
import { Carousels } from './collections/Carousels'
import { Counters } from './collections/Counters'
import { Categories } from './collections/Categories'
import { Galleries } from './collections/Galleries'
import { ImportSources } from './collections/ImportSources'
import { JobLeases } from './collections/JobLeases'
import { Site } from './collections/globals/Site'
import { createMedia } from './collections/Media'
import { Projects } from './collections/Projects'
import { Resources } from './collections/Resources'
import { Skills } from './collections/Skills'
import { Users } from './collections/Users'
import { canRunJobs } from './access/canRunJobs'
import { ownSessionsOnly } from './access/ownSessionsOnly'
import { createWallMessages } from './collections/WallMessages'
import { WebhookDeliveries } from './collections/WebhookDeliveries'
import { createWebhooks } from './collections/Webhooks'
import { assignNumericId } from './hooks/assignNumericId'
import { clearPublicCache } from './hooks/clearPublicCache'
import { emitContentEvents, emitSiteUpdated, emitWallMessageCreated } from './hooks/emitWebhookEvents'
import { refuseMisshapenData, refuseMisshapenGlobalData } from './hooks/refuseMisshapenData'
import { refuseNulCharacters, refuseNulCharactersInOperation } from './hooks/refuseNulCharacters'
import { indexArticle, indexProject, unindexArticle, unindexProject } from './hooks/indexForSearch'
import { ADMIN_COMPONENT_PATHS } from './lib/adminComponentPaths'
import { createFirstAdmin } from './lib/createFirstAdmin'
import { EXTENDABLE_SLUGS, extendHostCollection } from './lib/extendHostCollection'
import { answerDatabaseOutage } from './hooks/answerDatabaseOutage'
import { answerRequestMistakes } from './hooks/answerRequestMistakes'
import { GRAPHQL_ERROR_NAME, logGraphqlErrors } from './hooks/logGraphqlErrors'
import { UploadRefusedError } from './hooks/refuseLargeUpload'
import { boundEveryCollection } from './lib/boundEveryCollection'
import { keepAdminStateToStaff } from './lib/staffOnlyAdminState'
import { boundGraphqlOperations } from './lib/graphqlBounds'
import { QueryBoundsError } from './lib/queryBoundsError'
import { RecordInUseError } from './lib/recordInUse'
import { startSharedState } from './lib/coherence/startSharedState'
import { runCallbacksOnCommit } from './lib/db/afterCommit'
import { watchForOutages } from './lib/db/outages'
import { withInternalFieldsOutOfBulkEdit } from './lib/internalFieldsOutOfBulkEdit'
import { withVersionHistory } from './lib/versionHistoryView'
import { renewSqliteConnectionAfterBusy } from './lib/db/sqliteConnection'
import { jobTasks } from './lib/jobs/tasks'
import { limitSearchCopy } from './lib/db/searchMemory'
import { startServingProcess } from './lib/servingProcess'
import { TRUST_PROXY_KEY } from './lib/clientIp'
import { SCAN_RATE_LIMIT_KEY } from './lib/scanRateLimit'
import { prepareSearchIndexAtStart } from './lib/searchBackfill'
import { ensureDailyViews } from './lib/db/dailyViews'
import { keepErrorClassNames } from './lib/errorClassNames'
import { BodyTooLargeError, CMS_API_BODY_LIMITS } from './lib/cmsApiLimits'
import { sitePreviewUrl } from './lib/sitePreview'
import { withUsersMutations } from './lib/usersGraphQL'
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './lib/webhooks/settings'
import type { BlogPortfolioCollectionSlug, BlogPortfolioOptions } from './types'

export type { BlogPortfolioCollectionSlug, BlogPortfolioOptions } from './types'
export { stopTakingJobs } from './lib/jobs/jobsRunner'
export { handOverClientIp } from './lib/clientIp'
export { refusalBeforeNext } from './endpoints/http/refusalBeforeNext'
export { cmsApiRouteHandlers } from './lib/hostCmsApi'
export { withheldServerFunctions } from './lib/withheldServerFunctions'
// What a host app needs to serve the /api contract itself (examples/next-app/app/api/[...route]/route.ts).
export { type BlogApi, type BlogApiOptions, createBlogApi } from './endpoints/app'
export { selectDatabase } from './lib/databaseSelection'
export { readEnv, type ServiceEnv } from './lib/env'

const DEFAULT_JOBS_POLL_MS = 1000

const numericIdField: Field = {
  name: 'id',
  type: 'number',
  admin: { hidden: true },
}

/**
 * Every save or login is refused with a 400 when its data holds U+0000 (hooks/refuseNulCharacters.ts) or a value of a
 * shape its field cannot take (hooks/refuseMisshapenData.ts).
 */
const withDataRefusals = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  hooks: {
    ...collection.hooks,
    beforeOperation: [refuseNulCharactersInOperation, refuseMisshapenData, ...(collection.hooks?.beforeOperation ?? [])],
    beforeValidate: [refuseNulCharacters, ...(collection.hooks?.beforeValidate ?? [])],
  },
})

const withNumericId = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  fields: [numericIdField, ...collection.fields],
  hooks: { ...collection.hooks, beforeValidate: [assignNumericId, ...(collection.hooks?.beforeValidate ?? [])] },
})

/**
 * Every change to one of our records, whichever door it came through, clears the public cache: anonymous answers
 * show categories, authors, media and wall messages as well as articles and projects, and an edit must show on the
 * next request. (Counters change without hooks: that is the lag LIST_CACHE_TTL bounds.)
 */
const withCacheClearing = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  hooks: {
    ...collection.hooks,
    afterChange: [...(collection.hooks?.afterChange ?? []), clearPublicCache],
    afterDelete: [...(collection.hooks?.afterDelete ?? []), clearPublicCache],
  },
})

/**
 * Refusals that are the rules working, not faults: Payload logs them at `info`, one line without a stack (at
 * `error`, a password spray or an editor's refused delete would fill the log with stack traces). A query on a path
 * that cannot be queried is not logged at all: the 400 says which, and an anonymous caller could otherwise write
 * lines of megabytes (the message lists every path of the query). By name: a host's minified build keeps these
 * names (lib/errorClassNames.ts).
 */
const EXPECTED_REFUSALS: Record<string, 'info' | false> = {
  AuthenticationError: 'info',
  RateLimitedError: 'info',
  [RecordInUseError.errorName]: 'info',
  [QueryBoundsError.errorName]: 'info',
  [BodyTooLargeError.errorName]: 'info',
  [UploadRefusedError.errorName]: 'info',
  QueryError: false,
  // Logged by the error it wraps instead (hooks/logGraphqlErrors.ts).
  [GRAPHQL_ERROR_NAME]: false,
}

/** Payload's complexity limit for a GraphQL query when the config sets none. */
const PAYLOAD_MAX_COMPLEXITY = 1000

/**
 * Payload's sessions field with a read rule of its owner only (access/ownSessionsOnly.ts). Payload merges a field of
 * the same name into the one it adds to auth collections, this one's keys winning.
 */
const withOwnSessions = (collection: CollectionConfig): CollectionConfig =>
  typeof collection.auth === 'object' && collection.auth.useSessions
    ? { ...collection, fields: [...collection.fields, { ...baseSessionsField, access: { ...baseSessionsField.access, read: ownSessionsOnly } }] }
    : collection

/** Hooks the plugin appends to a collection's own, by collection slug. */
type AppendedHooks = Partial<Record<string, { afterChange: CollectionAfterChangeHook; afterDelete?: CollectionAfterDeleteHook }>>

/** Published articles and projects are kept in the search index, whichever door changed them. */
const SEARCH_HOOKS: AppendedHooks = {
  articles: { afterChange: indexArticle, afterDelete: unindexArticle },
  projects: { afterChange: indexProject, afterDelete: unindexProject },
}

/** Appends a collection's hooks from `table` (keyed by slug) after its own; collections not in it are left as they are. */
const withHooksFrom =
  (table: AppendedHooks) =>
  (collection: CollectionConfig): CollectionConfig => {
    const hooks = table[collection.slug]
    if (!hooks) return collection
    return {
      ...collection,
      hooks: {
        ...collection.hooks,
        afterChange: [...(collection.hooks?.afterChange ?? []), hooks.afterChange],
        afterDelete: [...(collection.hooks?.afterDelete ?? []), ...(hooks.afterDelete ? [hooks.afterDelete] : [])],
      },
    }
  }

/** Published changes notify the webhooks subscribed to them (hooks/emitWebhookEvents.ts), whichever door made them. */
const WEBHOOK_HOOKS: AppendedHooks = {
  articles: emitContentEvents('articles'),
  projects: emitContentEvents('projects'),
  'wall-messages': { afterChange: emitWallMessageCreated },
}


const PREVIEWED = new Set(['articles', 'projects'])

const withSitePreview = (collection: CollectionConfig, siteUrl: string | undefined): CollectionConfig =>
  siteUrl && PREVIEWED.has(collection.slug)
    ? {
        ...collection,
        admin: {
          ...collection.admin,
          preview: (doc) => sitePreviewUrl(siteUrl, collection.slug as 'articles' | 'projects', doc as { id?: number; slug?: string }),
        },
      }
    : collection

const withExtraFields = (collection: CollectionConfig, extra: Field[] | undefined): CollectionConfig =>
  extra?.length ? { ...collection, fields: [...collection.fields, ...extra] } : collection

/**
 * The blog and portfolio plugin: adds the collections and the `site` global, and moves Payload's REST API to
 * `/cms-api` so `/api` is free for the public contract. The incoming config is extended, never replaced.
 */
export const blogPortfolio =
  (options: BlogPortfolioOptions = {}) =>
  (incoming: Config): Config => {
    keepErrorClassNames()
    const cmsApiRoute = options.cmsApiRoute ?? '/cms-api'
    if (cmsApiRoute === '/api') throw new Error('blogPortfolio: cmsApiRoute cannot be /api, which serves the public contract')

    const numericIds = options.numericIds ?? incoming.db?.defaultIDType === 'text'
    const webhooks: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...options.webhooks }
    const existing = incoming.collections ?? []
    // The host's own `users` and `media` (create-payload-app's blank template has both), extended in place of ours.
    const extended = existing.filter((collection) => (options.extendExisting ?? true) && EXTENDABLE_SLUGS.has(collection.slug))
    const withHostCollection = (own: CollectionConfig): CollectionConfig => {
      const host = extended.find((collection) => collection.slug === own.slug)
      return host ? extendHostCollection(host, own) : own
    }
    const ours: CollectionConfig[] = [
      withHostCollection(Users),
      Categories,
      Articles,
      Projects,
      Carousels,
      Resources,
      withHostCollection(createMedia(path.resolve(options.mediaDir ?? 'data/media'))),
      Galleries,
      Skills,
      createWallMessages(options.wallModeration ?? false),
    ]
      .map((collection) => withExtraFields(collection, options.extraFields?.[collection.slug as BlogPortfolioCollectionSlug]))
      .map((collection) => withSitePreview(collection, options.siteUrl))
      .map(withOwnSessions)
      .map((collection) => (numericIds ? withNumericId(collection) : collection))
      .map(withHooksFrom(SEARCH_HOOKS))
      .map(withCacheClearing)
      .map(withHooksFrom(WEBHOOK_HOOKS))
      .map(withDataRefusals)
    // Counters, likes and daily views change counters only: like the counts themselves, they do not clear the public cache. Earlier slugs
    // change only in an article's own save or delete, which clears it. Job leases, webhooks and their deliveries
    // are internal: the public site shows none of them. So are import sources (what `npm run import` brought in).
    ours.push(
      ...[Counters, ArticleDailyViews, ArticleLikes, ArticleRedirects, ImportSources, JobLeases, withDataRefusals(createWebhooks(webhooks)), WebhookDeliveries].map((collection) =>
        numericIds ? withNumericId(collection) : collection,
      ),
    )

    const ownCollections = ours.map(withInternalFieldsOutOfBulkEdit).map(withVersionHistory)

    const kept = existing.filter((collection) => !extended.includes(collection))
    const clash = kept.find((collection) => ownCollections.some((own) => own.slug === collection.slug))
    if (clash) {
      const extendable = EXTENDABLE_SLUGS.has(clash.slug) ? ' or leave extendExisting on' : ''
      throw new Error(
        `blogPortfolio: the config already has a "${clash.slug}" collection; add fields to it with the extraFields option${extendable} instead`,
      )
    }

    const site = {
      ...Site,
      fields: [...Site.fields, ...(options.extraSiteFields ?? [])],
      hooks: {
        ...Site.hooks,
        beforeOperation: [refuseMisshapenGlobalData, ...(Site.hooks?.beforeOperation ?? [])],
        beforeValidate: [refuseNulCharacters, ...(Site.hooks?.beforeValidate ?? [])],
        afterChange: [...(Site.hooks?.afterChange ?? []), clearPublicCache, emitSiteUpdated],
      },
    }
    const firstAdmin = options.firstAdmin

    return {
      ...incoming,
      admin: {
        ...incoming.admin,
        components: {
          ...incoming.admin?.components,
          beforeDashboard: [...(incoming.admin?.components?.beforeDashboard ?? []), ADMIN_COMPONENT_PATHS.DashboardStats],
        },
        user: incoming.admin?.user ?? Users.slug,
      },
      collections: [...kept, ...ownCollections],
      custom: {
        ...incoming.custom,
        [TRUST_PROXY_KEY]: options.trustProxy ?? false,
        [SCAN_RATE_LIMIT_KEY]: options.scanRateLimit,
      },
      globals: [...(incoming.globals ?? []), site],
      graphQL: {
        ...incoming.graphQL,
        mutations: withUsersMutations(incoming.graphQL?.mutations, Users.slug),
        validationRules: (args) => [
          ...(incoming.graphQL?.validationRules?.(args) ?? []),
          boundGraphqlOperations(incoming.graphQL?.maxComplexity ?? PAYLOAD_MAX_COMPLEXITY)(args),
        ],
      },
      jobs: {
        ...incoming.jobs,
        access: { cancel: canRunJobs, queue: canRunJobs, run: canRunJobs, ...incoming.jobs?.access },
        autoRun: startServingProcess({ jobsPollMs: options.jobsPollMs ?? DEFAULT_JOBS_POLL_MS }, incoming.jobs?.autoRun),
        tasks: [...(incoming.jobs?.tasks ?? []), ...jobTasks(webhooks)],
      },
      hooks: {
        ...incoming.hooks,
        afterError: [...(incoming.hooks?.afterError ?? []), answerRequestMistakes, logGraphqlErrors, answerDatabaseOutage],
      },
      loggingLevels: { ...EXPECTED_REFUSALS, ...incoming.loggingLevels },
      routes: { ...incoming.routes, api: cmsApiRoute },
      // The admin UI saves a document as JSON in one multipart field; busboy's default of 1 MB per field answered the
      // save of an article of about 150 KB of Markdown (its rich text beside it) 413. A JSON body may hold 4 MB.
      upload: { ...incoming.upload, limits: { fieldSize: CMS_API_BODY_LIMITS.other, ...incoming.upload?.limits } },
      onInit: async (payload) => {
        boundEveryCollection(payload)
        keepAdminStateToStaff(payload)
        watchForOutages(payload)
        await renewSqliteConnectionAfterBusy(payload.db, payload.logger)
        runCallbacksOnCommit(payload.db)
        limitSearchCopy(payload, options.searchMemoryMb)
        await prepareSearchIndexAtStart(payload)
        await ensureDailyViews(payload)
        await startSharedState(payload)
        await incoming.onInit?.(payload)
        if (firstAdmin) await createFirstAdmin(payload, firstAdmin)
      },
    }
  }

export default blogPortfolio
