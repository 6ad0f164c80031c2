import type { LexicalNode, LexicalState } from './lexicalJson'

export type UploadDoc = { id: number | string; url?: null | string; alt?: null | string; filename?: null | string; mimeType?: null | string }

type UploadNode = LexicalNode & { type: 'upload'; relationTo: string; value: unknown }

const isUploadNode = (node: LexicalNode): node is UploadNode => node.type === 'upload' && typeof node.relationTo === 'string'

const uploadId = (value: unknown): number | string | undefined => {
  if (typeof value === 'number' || typeof value === 'string') return value
  const id = (value as { id?: unknown } | null)?.id
  return typeof id === 'number' || typeof id === 'string' ? id : undefined
}

/**
 * The state with each upload node's value replaced by its document (url, alt, filename, mimeType), which the Markdown
 * export needs to write `![alt](url)`. `load` reads the documents of one collection by id.
 */
export const withUploadsResolved = async (
  state: LexicalState,
  load: (collection: string, ids: (number | string)[]) => Promise<UploadDoc[]>,
): Promise<LexicalState> => {
  const uploads = state.root.children.filter(isUploadNode)
  if (uploads.length === 0) return state
  const byCollection = new Map<string, Set<number | string>>()
  for (const node of uploads) {
    const id = uploadId(node.value)
    if (id !== undefined) byCollection.set(node.relationTo, (byCollection.get(node.relationTo) ?? new Set()).add(id))
  }
  const docs = new Map<string, UploadDoc>()
  for (const [collection, ids] of byCollection) {
    for (const doc of await load(collection, [...ids])) docs.set(`${collection}:${doc.id}`, doc)
  }
  const children = state.root.children.map((node) => {
    if (!isUploadNode(node)) return node
    const doc = docs.get(`${node.relationTo}:${uploadId(node.value)}`)
    return doc ? { ...node, value: doc } : node
  })
  return { root: { ...state.root, children } }
}
