/** What locates a media file: the collection's slug, Payload's REST route (`/cms-api`) and the public origin, if set. */
export type MediaFileRoute = { apiRoute: string; collection: string; serverURL?: string }

/** The path Payload serves a stored file at, the name URI-encoded as Payload writes it in `url`. */
export const mediaFilePath = ({ apiRoute, collection }: MediaFileRoute, filename: string): string =>
  `${apiRoute}/${collection}/file/${encodeURIComponent(filename)}`

/** The names of a media record's files: the original and each generated size (thumbnail, large). */
export const mediaFileNames = (doc: { filename?: null | string; sizes?: unknown }): string[] => {
  const sizes = doc.sizes && typeof doc.sizes === 'object' ? Object.values(doc.sizes as Record<string, { filename?: unknown } | null>) : []
  return [doc.filename, ...sizes.map((size) => size?.filename)].filter((name): name is string => typeof name === 'string' && name !== '')
}

const originOf = (url: string | undefined): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The file name a URL written in content points at when it is one of this service's media files: the path
 * `/cms-api/media/file/<name>`, alone or on the public origin (SERVER_URL), without query or fragment. Undefined for
 * anything else.
 */
export const ownMediaFileName = (url: string, route: MediaFileRoute): string | undefined => {
  const prefix = `${route.apiRoute}/${route.collection}/file/`
  const origin = originOf(route.serverURL)
  const path = url.startsWith('/') ? url : origin && url.startsWith(`${origin}/`) ? url.slice(origin.length) : undefined
  if (!path?.startsWith(prefix)) return undefined
  const encoded = path.slice(prefix.length)
  if (encoded === '' || /[/?#]/.test(encoded)) return undefined
  try {
    return decodeURIComponent(encoded)
  } catch {
    return undefined
  }
}
