import MarkdownIt from 'markdown-it'

import type { LexicalNode } from './lexicalJson'
import { comparableHtml } from './renderHtml'

/** Lexical's text format bit for inline code. */
const CODE_FORMAT = 16

/**
 * Stand-ins for the characters the editor's Markdown export escapes in text (`_` -> `\_`): private-use characters,
 * which it writes as they are.
 */
const STAND_INS = { _: '\uE000', '*': '\uE001', '~': '\uE002' } as const
const STAND_IN = /[\uE000-\uE002]/
const ORIGINAL = new Map<string, string>(Object.entries(STAND_INS).map(([character, standIn]) => [standIn, character]))

// linkify-it, as markdown-it ships it, finds addresses in text. GFM links only http(s) addresses, `www.` ones and email
// addresses, and leaves trailing punctuation out of the link (`?!.,:*_~`).
const { linkify } = new MarkdownIt({ linkify: true })
linkify.set({ fuzzyLink: true, fuzzyEmail: true })
const TRAILING_PUNCTUATION = /[?!.,:*_~]+$/
/** What every address GFM links holds: a cheap test before linkify's. */
const MAY_HOLD_ADDRESS = /:\/\/|www\.|@/i

const isGfmAutolink = (match: { schema: string; raw: string }): boolean =>
  match.schema === 'http:' || match.schema === 'https:' || match.schema === 'mailto:' || (match.schema === '' && /^www\./i.test(match.raw))

/** The text with `_`, `*` and `~` inside each bare address (a GFM autolink literal) replaced by their stand-ins. */
const withAddressesMarked = (text: string): string => {
  if (!MAY_HOLD_ADDRESS.test(text) || !/[_*~]/.test(text)) return text
  let result = text
  for (const match of linkify.match(text) ?? []) {
    if (!isGfmAutolink(match)) continue
    const end = match.index + match.raw.replace(TRAILING_PUNCTUATION, '').length
    const address = text.slice(match.index, end).replace(/[_*~]/g, (character) => STAND_INS[character as keyof typeof STAND_INS])
    result = result.slice(0, match.index) + address + result.slice(end)
  }
  return result
}

const isPlainText = (node: LexicalNode): boolean =>
  node.type === 'text' && typeof node.text === 'string' && !(typeof node.format === 'number' && (node.format & CODE_FORMAT) !== 0)

/** The nodes with their plain text's bare addresses marked; links' own text is left alone (no autolink inside a link). */
const nodesWithAddressesMarked = (nodes: LexicalNode[]): LexicalNode[] =>
  nodes.map((node) => {
    if (isPlainText(node)) {
      const text = withAddressesMarked(node.text as string)
      return text === node.text ? node : { ...node, text }
    }
    if (node.type === 'link' || node.type === 'autolink' || !node.children) return node
    return { ...node, children: nodesWithAddressesMarked(node.children) }
  })

/** Whether a text is one bare address, whole, as GFM links it. */
const isWholeAddress = (text: string): boolean => {
  const matches = linkify.match(text) ?? []
  return matches.length === 1 && matches[0]!.index === 0 && matches[0]!.raw === text && isGfmAutolink(matches[0]!) && !TRAILING_PUNCTUATION.test(text)
}

/** The text an autolink stands for when it is a bare address the editor linked (the URL is its text, or `https://`, `mailto:` and it). */
const autolinkedAddress = (node: LexicalNode): LexicalNode | undefined => {
  if (node.type !== 'autolink' || node.children?.length !== 1) return undefined
  const [only] = node.children
  if (!only || !isPlainText(only) || (only.format ?? 0) !== 0) return undefined
  const text = only.text as string
  const url = (node.fields as { url?: unknown } | undefined)?.url
  return [text, `https://${text}`, `http://${text}`, `mailto:${text}`].includes(url as string) && isWholeAddress(text) ? only : undefined
}

/**
 * The nodes with each autolink of a bare address replaced by its text, as the Markdown it came from had it: the admin
 * UI links bare addresses as it loads a text (Lexical's AutoLinkPlugin), and the export would write them `[url](url)`.
 */
export const withAutolinksAsText = (nodes: LexicalNode[]): LexicalNode[] =>
  nodes.map((node) => autolinkedAddress(node) ?? (node.children ? { ...node, children: withAutolinksAsText(node.children) } : node))

const holdsStandIn = (nodes: LexicalNode[]): boolean =>
  nodes.some((node) => (isPlainText(node) && STAND_IN.test(node.text as string)) || holdsStandIn(node.children ?? []))

const bare = (markdown: string) => markdown.replace(/[\uE000-\uE002]/g, (standIn) => ORIGINAL.get(standIn)!)
const escaped = (markdown: string) => markdown.replace(/[\uE000-\uE002]/g, (standIn) => `\\${ORIGINAL.get(standIn)!}`)

/**
 * Markdown of nodes (`write`: the editor's export) with bare addresses written as they are: the export escapes `_`
 * in text, and `https://en.wikipedia.org/wiki/Calendar\_date` is no longer the address in GFM (the backslash becomes
 * part of the link, `%5C_`). The characters are written bare where that renders the same in CommonMark as escaped:
 * a bare `_` or `*` could also pair with another into emphasis, which never reaches past a blank line, so each part
 * between blank lines is rendered both ways, and one that differs keeps its escapes.
 */
export const markdownKeepingBareUrls = (nodes: LexicalNode[], write: (nodes: LexicalNode[]) => string): string => {
  if (holdsStandIn(nodes)) return write(nodes)
  const written = write(nodesWithAddressesMarked(nodes))
  if (!STAND_IN.test(written)) return written
  return written
    .split(/(\n\s*\n)/)
    .map((part) => (!STAND_IN.test(part) ? part : comparableHtml(bare(part)) === comparableHtml(escaped(part)) ? bare(part) : escaped(part)))
    .join('')
}
