import { editorConfigFactory, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type { CollectionBeforeChangeHook, Field, FieldHook, PayloadRequest, RichTextField, SanitizedCollectionConfig } from 'payload'

import { isLexicalState, type LexicalState } from '../lib/markdown/lexicalJson'
import { lexicalToMarkdown } from '../lib/markdown/lexicalToMarkdown'
import { markdownToLexical } from '../lib/markdown/markdownToLexical'
import { type UploadDoc, withUploadsResolved } from '../lib/markdown/uploadNodes'

export const MARKDOWN_FIELD = 'content'
export const RICH_TEXT_FIELD = 'contentRichText'

const editorConfigs = new WeakMap<object, SanitizedServerEditorConfig>()

const editorConfigOf = (field: RichTextField): SanitizedServerEditorConfig => {
  let editorConfig = editorConfigs.get(field)
  if (!editorConfig) {
    editorConfig = editorConfigFactory.fromField({ field })
    editorConfigs.set(field, editorConfig)
  }
  return editorConfig
}

const richTextFieldOf = (collection: SanitizedCollectionConfig): RichTextField => {
  const field = collection.fields.find((candidate: Field) => 'name' in candidate && candidate.name === RICH_TEXT_FIELD)
  if (field?.type !== 'richText') throw new Error(`${collection.slug} has no ${RICH_TEXT_FIELD} rich-text field`)
  return field
}

const markdownOf = async (state: LexicalState, editorConfig: SanitizedServerEditorConfig, req: PayloadRequest): Promise<string> => {
  const resolved = await withUploadsResolved(state, async (collection, ids) => {
    const { docs } = await req.payload.find({
      collection: collection as 'media',
      depth: 0,
      limit: ids.length,
      pagination: false,
      req,
      where: { id: { in: ids } },
    })
    return docs as UploadDoc[]
  })
  return lexicalToMarkdown(resolved, editorConfig)
}

/**
 * Keeps the Markdown `content` (what the API reads and writes) and its rich-text twin (what the admin UI edits) in step.
 * New Markdown (from the API) is stored as sent and converted for the editor. Otherwise, when the rich text arrives
 * (an admin UI save), the Markdown is regenerated only if the rich text says something different from before: both
 * states are written out as Markdown and compared, so an editor that merely re-serialises unchanged content does not
 * rewrite the stored Markdown.
 */
export const syncMarkdownContent: CollectionBeforeChangeHook = async ({ collection, data, originalDoc, req }) => {
  const editorConfig = editorConfigOf(richTextFieldOf(collection))
  const storedMarkdown = typeof originalDoc?.[MARKDOWN_FIELD] === 'string' ? (originalDoc[MARKDOWN_FIELD] as string) : ''
  const sentMarkdown = data[MARKDOWN_FIELD]
  if (typeof sentMarkdown === 'string' && sentMarkdown !== storedMarkdown) {
    return { ...data, [RICH_TEXT_FIELD]: sentMarkdown === '' ? null : markdownToLexical(sentMarkdown, editorConfig) }
  }
  const sentRichText = data[RICH_TEXT_FIELD]
  if (sentRichText === undefined) return data
  const storedRichText = originalDoc?.[RICH_TEXT_FIELD]
  // A record from before the rich-text twin existed is compared through the state its Markdown converts to.
  const storedState = isLexicalState(storedRichText)
    ? storedRichText
    : storedMarkdown === ''
      ? null
      : markdownToLexical(storedMarkdown, editorConfig)
  const before = storedState ? await markdownOf(storedState, editorConfig, req) : ''
  const after = isLexicalState(sentRichText) ? await markdownOf(sentRichText, editorConfig, req) : ''
  return after === before ? data : { ...data, [MARKDOWN_FIELD]: after }
}

/** Records written before the rich-text twin existed get it on read, so the admin UI never shows them empty. */
export const fillRichTextFromMarkdown: FieldHook = ({ field, siblingData, value }) => {
  if (value != null || typeof siblingData?.[MARKDOWN_FIELD] !== 'string' || siblingData[MARKDOWN_FIELD] === '') return value
  return markdownToLexical(siblingData[MARKDOWN_FIELD] as string, editorConfigOf(field as RichTextField))
}
