import { literalAddressProblem } from './addressGuard'

/**
 * The rule a webhook URL meets when saved (collections/Webhooks.ts): an absolute http(s) URL, without a literal
 * loopback, private or link-local address or `localhost` unless private receivers are allowed. Names are resolved
 * and checked again at every delivery, where the address actually used is decided. `true` or the message.
 */
export const checkWebhookUrl = (value: unknown, allowPrivate: boolean): true | string => {
  if (typeof value !== 'string' || value.trim() === '') return 'The receiver\'s URL is required.'
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return 'The URL must be absolute: http:// or https:// followed by a host.'
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !value.trim().toLowerCase().startsWith(`${url.protocol}//`)) {
    return 'The URL must start with http:// or https://.'
  }
  if (value.length > 2000) return 'The URL must be at most 2000 characters.'
  if (allowPrivate) return true
  const problem = literalAddressProblem(url)
  return problem
    ? `This URL points to a private address (${problem}). Webhooks are sent only to public addresses unless the service runs with WEBHOOK_ALLOW_PRIVATE=true.`
    : true
}
