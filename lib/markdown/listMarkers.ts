import MarkdownIt from 'markdown-it'

/**
 * A list's marker: `-`, `*` or `+` for a bullet list, `.` or `)` for an ordered one. In CommonMark a list right after
 * another of the same kind and marker continues it, whatever the blank lines between; one with another marker starts
 * a new list.
 */
export type ListMarker = '-' | '*' | '+' | '.' | ')'

export type ListKind = 'bullet' | 'number'

const MARKERS: Record<ListKind, ListMarker[]> = { bullet: ['-', '*', '+'], number: ['.', ')'] }

/** The markers the editor's export writes. */
export const EDITOR_MARKER: Record<ListKind, ListMarker> = { bullet: '-', number: '.' }

const renderer = new MarkdownIt({ html: true })

const markerOf = (markup: string): ListMarker | undefined => (['-', '*', '+', '.', ')'].includes(markup) ? (markup as ListMarker) : undefined)

/** The marker of the list a Markdown text starts with and of the one it ends with, if it starts or ends with a list. */
export const listEdges = (markdown: string): { first?: ListMarker; last?: ListMarker } => {
  const topLevel = renderer.parse(markdown, {}).filter((token) => token.level === 0)
  const first = topLevel[0]
  const last = topLevel.at(-1)
  return {
    first: first && /^(?:bullet|ordered)_list_open$/.test(first.type) ? markerOf(first.markup) : undefined,
    last: last && /^(?:bullet|ordered)_list_close$/.test(last.type) ? markerOf(last.markup) : undefined,
  }
}

/** A marker of the kind that none of the neighbours' markers is: the editor's own when it is free. */
export const freeMarker = (kind: ListKind, neighbours: (ListMarker | undefined)[]): ListMarker =>
  MARKERS[kind].find((marker) => !neighbours.includes(marker)) ?? EDITOR_MARKER[kind]

/**
 * A list as the editor writes it (top-level items at the line's start, `- ` or `n. `, nested ones indented) with its
 * top-level items' markers made `marker`.
 */
export const withMarker = (markdown: string, marker: ListMarker): string =>
  marker === '.' || marker === ')'
    ? markdown.replace(/^(\d+)[.)] /gm, `$1${marker} `)
    : markdown.replace(/^[-*+] /gm, `${marker} `)
