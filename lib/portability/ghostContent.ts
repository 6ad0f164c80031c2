import TurndownService from 'turndown'

type Mobiledoc = { cards?: unknown[]; sections?: unknown[] }
type LexicalNode = { type?: string; markdown?: string; children?: LexicalNode[] }

const parseJson = (value: unknown): unknown => {
  if (typeof value !== 'string' || value === '') return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

/** The Markdown of a mobiledoc made only of Markdown cards (what Ghost's Markdown editor and migrations write). */
const markdownOfMobiledoc = (value: unknown): string | undefined => {
  const doc = parseJson(value) as Mobiledoc | undefined
  if (!doc || !Array.isArray(doc.cards) || !Array.isArray(doc.sections) || doc.sections.length === 0) return undefined
  const texts: string[] = []
  for (const section of doc.sections) {
    if (!Array.isArray(section) || section[0] !== 10) return undefined
    const card = doc.cards[section[1] as number]
    if (!Array.isArray(card) || card[0] !== 'markdown') return undefined
    const payload = card[1] as { markdown?: unknown } | undefined
    if (typeof payload?.markdown !== 'string') return undefined
    texts.push(payload.markdown)
  }
  return texts.join('\n\n')
}

/** The Markdown of a Lexical document made only of Markdown cards. */
const markdownOfLexical = (value: unknown): string | undefined => {
  const doc = parseJson(value) as { root?: LexicalNode } | undefined
  const children = doc?.root?.children
  if (!Array.isArray(children) || children.length === 0) return undefined
  if (!children.every((node) => node.type === 'markdown' && typeof node.markdown === 'string')) return undefined
  return children.map((node) => node.markdown).join('\n\n')
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_', hr: '---' })
// A code block keeps its language (`<pre><code class="language-ts">`, as Ghost renders it).
turndown.addRule('fencedCodeWithLanguage', {
  filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName === 'CODE',
  replacement: (_content, node) => {
    const code = node.firstChild as HTMLElement
    const language = /(?:^|\s)language-(\S+)/.exec(code.getAttribute('class') ?? '')?.[1] ?? ''
    const text = (code.textContent ?? '').replace(/\n$/, '')
    const fence = '`'.repeat(Math.max(3, ...(text.match(/`{3,}/g) ?? []).map((run) => run.length + 1)))
    return `\n\n${fence}${language}\n${text}\n${fence}\n\n`
  },
})

export type GhostPostContent = { mobiledoc?: unknown; lexical?: unknown; html?: unknown; plaintext?: unknown }

/**
 * A Ghost post's body as Markdown: the Markdown itself when the post is made only of Markdown cards (mobiledoc or
 * Lexical), else its rendered `html` converted by turndown (headings, lists, links, images, code blocks with their
 * language), else its plain text. Undefined when the post has none of them.
 */
export const ghostMarkdown = (post: GhostPostContent): string | undefined => {
  const markdown = markdownOfMobiledoc(post.mobiledoc) ?? markdownOfLexical(post.lexical)
  if (markdown !== undefined) return markdown.trim() === '' ? undefined : `${markdown.replace(/\s+$/, '')}\n`
  if (typeof post.html === 'string' && post.html.trim() !== '') return `${turndown.turndown(post.html).trim()}\n`
  if (typeof post.plaintext === 'string' && post.plaintext.trim() !== '') return `${post.plaintext.trim()}\n`
  return undefined
}
