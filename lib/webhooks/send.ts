import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'

import { Webhook } from 'standardwebhooks'

import { bareHostname, type LookupAll, type ResolvedAddress, vetHost, WebhookAddressError } from './addressGuard'

/** API.md: an attempt that has not been answered in full within 10 s is cut and counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000

const USER_AGENT = 'blog-portfolio-webhooks/1.0 (Standard Webhooks)'
/** Characters of a refusing receiver's answer kept with the attempt, to show in the admin UI. */
const ERROR_BODY_CHARS = 200

export type WebhookMessage = {
  url: string
  secret: string
  /** The `webhook-id`: the same on every attempt of one delivery. */
  messageId: string
  /** The JSON body, byte for byte the same on every attempt. */
  body: string
}

export type SendOptions = {
  allowPrivate: boolean
  timeoutMs?: number
  /** Resolver (tests give names their own answers). */
  lookup?: LookupAll
}

/** One attempt: a 2xx answer within the time limit is a success; anything else carries `error`. */
export type AttemptResult = { ok: boolean; statusCode: number | null; durationMs: number; error: string | null }

/** `net.connect`'s resolver for one request: answers with the addresses vetted before, never asking DNS again. */
const pinnedLookup =
  (addresses: ResolvedAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter(({ family }) => family === options.family) : addresses
    const usable = wanted.length > 0 ? wanted : addresses
    if (options.all) {
      ;(callback as (error: null, addresses: ResolvedAddress[]) => void)(null, usable)
    } else {
      callback(null, usable[0]!.address, usable[0]!.family)
    }
  }

const describeNetworkError = (error: NodeJS.ErrnoException): string => {
  const code = error.code ? ` (${error.code})` : ''
  switch (error.code) {
    case 'ECONNREFUSED':
      return `connection refused${code}`
    case 'ECONNRESET':
      return `connection reset${code}`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found${code}`
    default:
      return `${error.message}${error.code && !error.message.includes(error.code) ? code : ''}`
  }
}

class AttemptTimeout extends Error {}
class AttemptStopped extends Error {}

/** Attempts in flight in this process, so a stopping service need not wait up to 10 s for a slow receiver. */
const inFlight = new Set<AbortController>()
const STOPPING = 'stopping'

/**
 * Cuts every attempt in flight (the service is stopping): each fails with "the service stopped before the answer
 * came" and is retried on the schedule, so a shutdown is not held up by a receiver that takes its time.
 */
export const abortWebhookAttempts = (): void => {
  for (const controller of inFlight) controller.abort(STOPPING)
}

type Answer = { statusCode: number; location?: string; text: string }

const abortError = (signal: AbortSignal) => (signal.reason === STOPPING ? new AttemptStopped() : new AttemptTimeout())

const post = (url: URL, addresses: ResolvedAddress[], headers: Record<string, string>, body: Buffer, signal: AbortSignal): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const req = client.request(url, { method: 'POST', headers, agent: false, lookup: pinnedLookup(addresses), signal }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        if (text.length < ERROR_BODY_CHARS) text += chunk
      })
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, location: res.headers.location, text: text.slice(0, ERROR_BODY_CHARS) }))
      res.on('error', reject)
    })
    req.on('error', (error) => reject(signal.aborted ? abortError(signal) : error))
    req.end(body)
  })

/**
 * Sends one attempt of a delivery, signed by the Standard Webhooks reference package (`webhook-id`,
 * `webhook-timestamp` of this attempt, `webhook-signature: v1,<base64 HMAC-SHA256>`). The host is resolved and
 * checked first (addressGuard.ts) and the connection goes to the checked addresses only, with the URL's own name
 * for `Host` and TLS. No redirect is followed (a 3xx fails). The whole attempt (resolving, connecting, the answer
 * with its body) is cut at `timeoutMs`. Never throws: every outcome is an AttemptResult.
 */
export const sendWebhook = async (message: WebhookMessage, { allowPrivate, timeoutMs = WEBHOOK_TIMEOUT_MS, lookup }: SendOptions): Promise<AttemptResult> => {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const controller = new AbortController()
  inFlight.add(controller)
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const timedOut = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(abortError(controller.signal)), { once: true }))
  timedOut.catch(() => undefined)
  try {
    const url = new URL(message.url)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookAddressError(`refused: ${url.protocol} is not http or https`)
    const addresses = await Promise.race([vetHost(bareHostname(url), { allowPrivate, lookup }), timedOut])
    const sentAt = new Date()
    const body = Buffer.from(message.body, 'utf8')
    const headers = {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': USER_AGENT,
      'webhook-id': message.messageId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(message.secret).sign(message.messageId, sentAt, message.body),
    }
    const answer = await Promise.race([post(url, addresses, headers, body, controller.signal), timedOut])
    const { statusCode } = answer
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, durationMs: elapsed(), error: null }
    const error =
      statusCode >= 300 && statusCode < 400
        ? `redirect${answer.location ? ` to ${answer.location.slice(0, ERROR_BODY_CHARS)}` : ''} not followed`
        : `HTTP ${statusCode}${answer.text.trim() ? `: ${answer.text.trim()}` : ''}`
    return { ok: false, statusCode, durationMs: elapsed(), error }
  } catch (error) {
    const reason =
      error instanceof AttemptTimeout
        ? `timed out after ${timeoutMs} ms`
        : error instanceof AttemptStopped
          ? 'the service stopped before the answer came'
          : error instanceof WebhookAddressError
            ? error.message
            : typeof error === 'object' && error !== null && 'message' in error
              ? describeNetworkError(error as NodeJS.ErrnoException)
              : String(error)
    return { ok: false, statusCode: null, durationMs: elapsed(), error: reason }
  } finally {
    clearTimeout(timer)
    inFlight.delete(controller)
    controller.abort()
  }
}
