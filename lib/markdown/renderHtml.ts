import MarkdownIt from 'markdown-it'

// CommonMark (markdown-it follows the spec and passes its tests) with GFM tables and strikethrough, and raw HTML.
// marked is not used for this: it reads some inputs differently, e.g. escaped brackets in a link's text.
const renderer = new MarkdownIt({ html: true })

// Outside <pre>, browsers render any run of whitespace as one space (a soft line break inside a paragraph is the
// same as a space), and none at all next to a block-level tag or an HTML comment (a trailing "  " before </p>).
const PREFORMATTED = /(<pre\b[\s\S]*?<\/pre>)/i

const BLOCK_BOUNDARY =
  /\s*(<\/?(?:address|article|aside|blockquote|details|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)\b[^>]*>|<!--[\s\S]*?-->)\s*/gi

/** A document's link reference definitions, read once, for rendering its blocks one at a time (see renderHtml). */
type RenderEnv = NonNullable<Parameters<InstanceType<typeof MarkdownIt>['parse']>[1]>

export type LinkReferences = { readonly references: NonNullable<RenderEnv['references']> }

export const linkReferences = (definitions: string): LinkReferences => {
  const env: RenderEnv = {}
  renderer.parse(definitions, env)
  return { references: env.references ?? {} }
}

/**
 * HTML of a Markdown text as a CommonMark renderer produces it; with `references`, reference links resolve against
 * those definitions as they would in their whole document (cheaper than rendering the definitions with each block).
 */
export const renderHtml = (markdown: string, references?: LinkReferences): string =>
  renderer.render(markdown, references ? { references: { ...references.references } } : {}).trim()

/** The rendered HTML with the whitespace browsers ignore around blocks removed: two texts that look alike compare equal. */
export const comparableHtml = (markdown: string, references?: LinkReferences): string =>
  renderHtml(markdown, references)
    .split(PREFORMATTED)
    .map((part) => (PREFORMATTED.test(part) ? part : part.replace(/\s+/g, ' ').replace(BLOCK_BOUNDARY, '$1')))
    .join('')

const collapsedSpace = (text: string): string => text.replace(/\s+/g, ' ').trim()

/**
 * The text of each link a CommonMark renderer finds in a Markdown text (code spans give their code, images nothing),
 * whitespace collapsed; with `references`, reference links count as they would in their whole document.
 */
export const linkTexts = (markdown: string, references?: LinkReferences): string[] => {
  const texts: string[] = []
  for (const token of renderer.parse(markdown, references ? { references: { ...references.references } } : {})) {
    let open: string[] | undefined
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') open = []
      else if (child.type === 'link_close' && open) {
        texts.push(collapsedSpace(open.join('')))
        open = undefined
      } else if (open && ['text', 'code_inline', 'softbreak', 'hardbreak'].includes(child.type)) open.push(child.type.endsWith('break') ? ' ' : child.content)
    }
  }
  return texts
}
