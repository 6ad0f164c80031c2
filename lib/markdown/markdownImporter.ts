import { $convertFromMarkdownString, getEnabledNodes, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { createHeadlessEditor } from '@payloadcms/richtext-lexical/lexical/headless'

import type { LexicalNode } from './lexicalJson'

type HeadlessEditor = ReturnType<typeof createHeadlessEditor>

// One headless editor per editor config, reused for every import: making an editor costs more than most imports.
const editors = new WeakMap<SanitizedServerEditorConfig, HeadlessEditor>()

const editorFor = (editorConfig: SanitizedServerEditorConfig): HeadlessEditor => {
  let editor = editors.get(editorConfig)
  if (!editor) {
    editor = createHeadlessEditor({ nodes: getEnabledNodes({ editorConfig }) })
    editors.set(editorConfig, editor)
  }
  return editor
}

/** The top-level nodes richtext-lexical's Markdown import makes of a text, with the editor's features. */
export const importMarkdownNodes = (markdown: string, editorConfig: SanitizedServerEditorConfig): LexicalNode[] => {
  const editor = editorFor(editorConfig)
  editor.update(() => $convertFromMarkdownString(markdown, editorConfig.features.markdownTransformers), { discrete: true })
  return editor.getEditorState().toJSON().root.children as LexicalNode[]
}
