import type { SanitizedConfig } from 'payload'

/** `/<collection>/file/<name>` below the REST route: Payload's file door. */
const FILE_PATH = /^\/([^/]+)\/file\//

/**
 * The address Payload is given for a file: without a `prefix` parameter when the collection keeps no prefixes (no
 * storage plugin with a prefix added the field). Payload filters by the parameter all the same, on a field that does
 * not exist: an anonymous `?prefix=x` was a 500 with its stack in the log.
 */
export const withoutMeaninglessPrefix = (config: SanitizedConfig, url: URL): URL => {
  if (!url.searchParams.has('prefix')) return url
  const slug = FILE_PATH.exec(url.pathname.slice(config.routes.api.length))?.[1]
  const collection = config.collections.find((candidate) => candidate.slug === slug)
  if (!collection || collection.flattenedFields.some((field) => field.name === 'prefix')) return url
  const kept = new URL(url)
  kept.searchParams.delete('prefix')
  return kept
}
