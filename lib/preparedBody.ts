import etag from 'etag'

/** A body serialised once, with its weak ETag, for bodies served many times (or made in the search thread). */
export type PreparedBody = { json: Buffer<ArrayBuffer>; etag: string }

export const prepareBody = (body: object): PreparedBody => {
  const json = Buffer.from(JSON.stringify(body))
  return { json, etag: etag(json, { weak: true }) }
}

/** The envelope of a successful answer, `{ success: true, data, ...meta }`, prepared. */
export const prepareData = <T>(data: T, meta: Record<string, unknown> = {}): PreparedBody => prepareBody({ success: true, data, ...meta })
