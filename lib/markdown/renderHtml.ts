import { Marked } from 'marked'

const renderer = new Marked({ gfm: true, async: false })

// Outside <pre>, browsers render any run of whitespace as one space (a soft line break inside a paragraph is the
// same as a space), and none at all next to a block-level tag or an HTML comment (a trailing "  " before </p>).
const PREFORMATTED = /(<pre\b[\s\S]*?<\/pre>)/i

const BLOCK_BOUNDARY =
  /\s*(<\/?(?:address|article|aside|blockquote|details|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)\b[^>]*>|<!--[\s\S]*?-->)\s*/gi

/** HTML of a Markdown text as the GFM renderer produces it. */
export const renderHtml = (markdown: string): string => (renderer.parse(markdown) as string).trim()

/** The rendered HTML with the whitespace browsers ignore around blocks removed: two texts that look alike compare equal. */
export const comparableHtml = (markdown: string): string =>
  renderHtml(markdown)
    .split(PREFORMATTED)
    .map((part) => (PREFORMATTED.test(part) ? part : part.replace(/\s+/g, ' ').replace(BLOCK_BOUNDARY, '$1')))
    .join('')
