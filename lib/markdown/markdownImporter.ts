import { $convertFromMarkdownString, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { editorFor } from './headlessEditor'
import type { LexicalNode } from './lexicalJson'

/** The top-level nodes richtext-lexical's Markdown import makes of a text, with the editor's features. */
export const importMarkdownNodes = (markdown: string, editorConfig: SanitizedServerEditorConfig): LexicalNode[] => {
  const editor = editorFor(editorConfig)
  editor.update(() => $convertFromMarkdownString(markdown, editorConfig.features.markdownTransformers), { discrete: true })
  return editor.getEditorState().toJSON().root.children as LexicalNode[]
}
