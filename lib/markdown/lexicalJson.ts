import { randomBytes } from 'node:crypto'

/** The parts of Lexical's serialized JSON the Markdown conversion reads and writes. */
export type LexicalNode = { type: string; version: number; children?: LexicalNode[]; [key: string]: unknown }

export type BlockFields = { id: string; blockName: string; blockType: string; [field: string]: unknown }

export type BlockNode = LexicalNode & { type: 'block'; fields: BlockFields }

export type LexicalState = { root: LexicalNode & { type: 'root'; children: LexicalNode[] } }

export const rootState = (children: LexicalNode[]): LexicalState => ({
  root: { type: 'root', version: 1, children, direction: null, format: '', indent: 0 },
})

export const isLexicalState = (value: unknown): value is LexicalState => {
  const root = (value as LexicalState | null)?.root
  return typeof root === 'object' && root !== null && Array.isArray(root.children)
}

export const isBlockNode = (node: LexicalNode): node is BlockNode =>
  node.type === 'block' && typeof (node.fields as BlockFields | undefined)?.blockType === 'string'

/** Block ids have the shape Payload gives them in the editor (24 hex characters). */
export const blockNode = (blockType: string, fields: Record<string, unknown>): BlockNode => ({
  type: 'block',
  version: 2,
  format: '',
  fields: { id: randomBytes(12).toString('hex'), blockName: '', blockType, ...fields },
})
