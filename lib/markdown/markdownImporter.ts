import { $convertFromMarkdownString, getEnabledNodes, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { createHeadlessEditor } from '@payloadcms/richtext-lexical/lexical/headless'

import { importBatches } from './importBudget'
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

const boundaryText = (index: number) => `BLOCKBOUNDARY${index}X`

const isBoundary = (node: LexicalNode, index: number): boolean =>
  node.type === 'paragraph' && node.children?.length === 1 && node.children[0]!.text === boundaryText(index)

const importBatch = (texts: string[], editorConfig: SanitizedServerEditorConfig): LexicalNode[][] => {
  const nodes = importMarkdownNodes(texts.map((text, index) => `${text}\n\n${boundaryText(index)}`).join('\n\n'), editorConfig)
  const groups: LexicalNode[][] = []
  let group: LexicalNode[] = []
  for (const node of nodes) {
    if (!isBoundary(node, groups.length)) {
      group.push(node)
      continue
    }
    groups.push(group)
    group = []
  }
  if (groups.length === texts.length && group.length === 0) return groups
  return texts.map((text) => importMarkdownNodes(text, editorConfig))
}

/**
 * The nodes `importMarkdownNodes` makes of each text, a batch of texts at a time (importBatches: the import's cost grows
 * faster than its input): in one import the batch's texts one after another, each followed by a boundary paragraph,
 * and the nodes cut at the boundaries (each import costs more than most blocks' lines). Should a boundary not come
 * out where written (a text that runs into the next one), each text of the batch is imported alone.
 */
export const importMarkdownNodesEach = (texts: string[], editorConfig: SanitizedServerEditorConfig): LexicalNode[][] =>
  importBatches(texts).flatMap((batch) => importBatch(batch, editorConfig))
