import { getEnabledNodes, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { createHeadlessEditor } from '@payloadcms/richtext-lexical/lexical/headless'

type HeadlessEditor = ReturnType<typeof createHeadlessEditor>

// One headless editor per editor config, reused for every Markdown import and export: making an editor costs more
// than most conversions.
const editors = new WeakMap<SanitizedServerEditorConfig, HeadlessEditor>()

export const editorFor = (editorConfig: SanitizedServerEditorConfig): HeadlessEditor => {
  let editor = editors.get(editorConfig)
  if (!editor) {
    editor = createHeadlessEditor({ nodes: getEnabledNodes({ editorConfig }) })
    editors.set(editorConfig, editor)
  }
  return editor
}
