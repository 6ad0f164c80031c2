import type { LexicalNode } from './lexicalJson'

/**
 * A loose list (items apart by blank lines, each item's text a paragraph in HTML) is an editor list marked in its node
 * state (`$`, which Lexical keeps through the admin UI's load and save even for keys no feature registered), so that
 * it is written back loose. Lists made in the editor have no mark and are written tight.
 */
type NodeState = { loose?: boolean; [key: string]: unknown }

export const markedLoose = (list: LexicalNode): LexicalNode => ({ ...list, $: { ...(list.$ as NodeState | undefined), loose: true } })

export const isLooseList = (node: LexicalNode): boolean => node.type === 'list' && (node.$ as NodeState | undefined)?.loose === true

/** A list as the editor writes it (one line per item, nested items indented), with a blank line between its items. */
export const withItemsApart = (markdown: string): string => markdown.replace(/\n(?=(?:[-*+]|\d+[.)]) )/g, '\n\n')
