/**
 * The one URL rule for every URL field: an absolute http(s) URL, or a root-relative path.
 * `javascript:`, `data:`, protocol-relative `//host` and `/\host` are refused: browsers would leave the site with them.
 */
export const isSafeUrl = (value: string): boolean => {
  if (/^\/(?![/\\])/.test(value)) return !/[\u0000-\u001f\s]/.test(value)
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && value.startsWith(`${url.protocol}//`)
  } catch {
    return false
  }
}

export const SAFE_URL_MESSAGE = 'must be an absolute http(s) URL or a path starting with a single "/"'
