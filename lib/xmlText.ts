/**
 * Characters XML 1.0 cannot carry at all, not even as a character reference: C0 controls other than tab, line feed
 * and carriage return, lone surrogates (with the `u` flag a lone half of a pair is matched as a code point of its
 * own; a well-formed pair is one astral code point and kept), U+FFFE and U+FFFF.
 */
const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** The text without the characters XML 1.0 forbids, so any XML document that carries it parses. */
export const xmlSafeText = (text: string): string => text.replace(XML_FORBIDDEN, '')

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text for an XML element or a quoted attribute: forbidden characters dropped, the five special ones escaped. */
export const escapeXml = (text: string): string => xmlSafeText(text).replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!)

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Plain text written where HTML is expected (an Atom `type="html"` title, an RSS description). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)
