import { Lexer, type Token, type TokensList } from 'marked'

/**
 * How deep Markdown may nest: quotes, lists, links and emphasis inside each other, counted as marked's tokens (a list
 * level is two: the list and its item). Prose nests a few levels (the test corpus: 9 at most); marked's lexer and
 * renderer recurse once a level and overflow the stack at some thousands, and converting for the editor grows much
 * faster than the depth (a list nested 400 levels: 1.4 s).
 */
export const MAX_MARKDOWN_NESTING = 100

export const MARKDOWN_TOO_DEEP_MESSAGE = `Markdown nests too deeply: more than ${MAX_MARKDOWN_NESTING} levels of quotes, lists, links or emphasis inside each other.`

/** Markdown, or rich text written out as Markdown, that nests too deeply. */
export class MarkdownTooDeepError extends Error {
  constructor() {
    super(MARKDOWN_TOO_DEEP_MESSAGE)
    this.name = 'MarkdownTooDeepError'
  }
}

/** What a recursive walk over nesting without bounds (marked's, Lexical's) throws: the stack ran out. */
const isStackOverflow = (error: unknown): boolean => error instanceof RangeError && /call stack/i.test(error.message)

/** Markdown that could not be read for nesting too deeply: refused on save, taken as written where it is only read. */
export const isTooDeep = (error: unknown): boolean => error instanceof MarkdownTooDeepError || isStackOverflow(error)

/**
 * marked's lexer, counting how deep it recurses into the text of quotes, list items, emphasis, strikethrough and links
 * inside each other, and stopping with MarkdownTooDeepError past MAX_MARKDOWN_NESTING. marked's own work grows with
 * depth times length until its stack runs out: 480 KB of `*` around a letter took 28 s, 200 KB of `- ` 3.5 s.
 * Each level entered is a token around what it holds, so this refuses nothing `tokenDepth` would allow.
 */
class NestingBoundLexer extends Lexer {
  // No `finally`: a throw ends the lexing, and a lexer lexes once. The outermost call is level 0.
  private depth = -1

  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[]
  override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList
  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[] {
    if (++this.depth > MAX_MARKDOWN_NESTING) throw new MarkdownTooDeepError()
    const result = super.blockTokens(src, tokens, lastParagraphClipped)
    this.depth--
    return result
  }

  override inlineTokens(src: string, tokens?: Token[]): Token[] {
    if (++this.depth > MAX_MARKDOWN_NESTING) throw new MarkdownTooDeepError()
    const result = super.inlineTokens(src, tokens)
    this.depth--
    return result
  }
}

/** marked's GFM lexer, which throws MarkdownTooDeepError as soon as a text nests deeper than allowed. */
export const markdownLexer = (): Lexer => new NestingBoundLexer({ gfm: true })

// A table's `header` is its head cells; a cell's `header` says whether it is one of them.
type Nested = { type?: string; tokens?: Token[]; items?: Token[]; header?: Nested[] | boolean; rows?: Nested[][] }

const childrenOf = (token: Nested): Nested[] => [
  ...(token.tokens ?? []),
  ...(token.items ?? []),
  ...(Array.isArray(token.header) ? token.header : []),
  ...(token.rows?.flat() ?? []),
]

/** The deepest nesting of a token list (one level for the list itself), walked without recursion. */
export const tokenDepth = (tokens: Token[]): number => {
  let deepest = 0
  const pending: [Nested, number][] = tokens.map((token) => [token, 1])
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [token, depth] = next
    deepest = Math.max(deepest, depth)
    for (const child of childrenOf(token)) pending.push([child, depth + 1])
  }
  return deepest
}

/** marked's tokens of a Markdown text (GFM), or MarkdownTooDeepError when it nests deeper than allowed. */
export const lexMarkdown = (markdown: string): Token[] => {
  let tokens: Token[]
  try {
    tokens = markdownLexer().lex(markdown)
  } catch (error) {
    if (isTooDeep(error)) throw new MarkdownTooDeepError()
    throw error
  }
  if (tokenDepth(tokens) > MAX_MARKDOWN_NESTING) throw new MarkdownTooDeepError()
  return tokens
}
