import { randomBytes } from 'node:crypto'

import type { LexicalNode, LexicalState } from './lexicalJson'
import type { UploadDoc } from './uploadNodes'

/** The media item an image address points at, when it is one of this service's files. */
export type OwnMedia = { relationTo: string; find: (url: string) => UploadDoc | undefined }

export const NO_OWN_MEDIA: OwnMedia = { relationTo: 'media', find: () => undefined }

/**
 * An upload node of a media item, as the editor makes one. Its value is the document while the Markdown conversion
 * needs its address and alt text; `withUploadIds` leaves the id, which is what the editor stores.
 */
export const uploadNode = (relationTo: string, doc: UploadDoc): LexicalNode => ({
  type: 'upload',
  version: 3,
  format: '',
  id: randomBytes(12).toString('hex'),
  fields: null,
  relationTo,
  value: doc,
})

const idOf = (value: unknown): unknown => (value && typeof value === 'object' && 'id' in value ? value.id : value)

/** The state with each top-level upload node holding its document's id. */
export const withUploadIds = (state: LexicalState): LexicalState => ({
  root: { ...state.root, children: state.root.children.map((node) => (node.type === 'upload' ? { ...node, value: idOf(node.value) } : node)) },
})
