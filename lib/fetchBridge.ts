import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import { CLIENT_IP_HEADER } from './clientIpHeader'

/**
 * A Node request as a Web `Request`, body streamed (nothing may have consumed it before) from `body`: the request
 * itself, or a stream it is piped through.
 * `url` is the path and query as the client sent them (Express's `originalUrl`). `clientIp` travels in
 * CLIENT_IP_HEADER; a copy of that header sent by the client is always dropped.
 */
export const toWebRequest = (
  req: IncomingMessage,
  origin: string,
  url = req.url ?? '/',
  clientIp?: string,
  body: Readable = req,
): Request => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp)
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(url, origin), {
    body: hasBody ? (Readable.toWeb(body) as ReadableStream) : undefined,
    duplex: hasBody ? 'half' : undefined,
    headers,
    method,
  } as RequestInit)
}

/** Writes a Web `Response` to a Node response, keeping every Set-Cookie header. */
export const sendWebResponse = async (response: Response, res: ServerResponse): Promise<void> => {
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  if (!response.body) {
    res.end()
    return
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res)
}
