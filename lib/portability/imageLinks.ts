/** Splits Markdown into runs outside and inside fenced code blocks, so links are only looked for in prose. */
const splitByFences = (markdown: string): { text: string; code: boolean }[] => {
  const parts: { text: string; code: boolean }[] = []
  let fence: string | null = null
  let current = ''
  for (const line of markdown.split(/(?<=\n)/)) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence === null && marker) {
      parts.push({ text: current, code: false })
      current = line
      fence = marker
    } else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
      parts.push({ text: current + line, code: true })
      current = ''
      fence = null
    } else {
      current += line
    }
  }
  parts.push({ text: current, code: fence !== null })
  return parts
}

// `![alt](url "title")`, `![alt](<url with spaces>)`, `<img ... src="url">`, and reference definitions `[id]: url`.
const MARKDOWN_IMAGE = /(!\[[^\]]*\]\(\s*)(<[^>\n]+>|[^)\s]+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\))/g
const HTML_IMAGE = /(<img\b[^>]*?\bsrc\s*=\s*)("[^"]*"|'[^']*')/gi
const REFERENCE_DEFINITION = /^( {0,3}\[[^\]\n]+\]:\s*)(<[^>\n]+>|\S+)/gm

const CODE_SPAN = /(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g

/** Runs `change` on prose with its inline code spans held out (swapped for NUL-delimited markers, then restored). */
const outsideCodeSpans = (text: string, change: (prose: string) => string): string => {
  const spans: string[] = []
  const held = text.replace(CODE_SPAN, (span) => `\u0000${spans.push(span) - 1}\u0000`)
  return change(held).replace(/\u0000(\d+)\u0000/g, (_marker, index: string) => spans[Number(index)]!)
}

const unwrap = (url: string) => (url.startsWith('<') && url.endsWith('>') ? url.slice(1, -1) : url)

const IMAGE_EXTENSION = /\.(?:avif|bmp|gif|jpe?g|png|svg|tiff?|webp)$/i

/**
 * Calls `replace` with every image URL in the Markdown (outside code blocks) and puts its answer in the URL's
 * place; `undefined` leaves the URL as it is. A reference definition (`[id]: url`) is offered only when its URL
 * ends in an image file extension: it may as well define a plain link.
 */
export const rewriteImageLinks = (markdown: string, replace: (url: string) => string | undefined): string =>
  splitByFences(markdown)
    .map(({ text, code }) => (code ? text : outsideCodeSpans(text, (prose) => rewriteProse(prose, replace))))
    .join('')

const withAngles = (url: string) => (/\s/.test(url) ? `<${url}>` : url)

const rewriteProse = (prose: string, replace: (url: string) => string | undefined): string =>
  prose
    .replace(MARKDOWN_IMAGE, (whole, before: string, url: string, after: string) => {
      const next = replace(unwrap(url))
      return next === undefined ? whole : `${before}${withAngles(next)}${after}`
    })
    .replace(HTML_IMAGE, (whole, before: string, quoted: string) => {
      const next = replace(quoted.slice(1, -1))
      return next === undefined ? whole : `${before}${quoted[0]}${next}${quoted[0]}`
    })
    .replace(REFERENCE_DEFINITION, (whole, before: string, url: string) => {
      if (!IMAGE_EXTENSION.test(linkPath(unwrap(url)))) return whole
      const next = replace(unwrap(url))
      return next === undefined ? whole : `${before}${withAngles(next)}`
    })

/** Every image URL of the Markdown, in order, repeats included. */
export const imageLinks = (markdown: string): string[] => {
  const found: string[] = []
  rewriteImageLinks(markdown, (url) => {
    found.push(url)
    return undefined
  })
  return found
}

/** Whether a link points at another site (or is inline data) rather than at a file of the source. */
export const isExternalUrl = (url: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url.trim())

/** A local link as a path: without query or fragment, percent-escapes decoded. */
export const linkPath = (url: string): string => {
  const bare = url.trim().replace(/[?#].*$/, '')
  try {
    return decodeURI(bare)
  } catch {
    return bare
  }
}
