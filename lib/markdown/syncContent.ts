import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'

import { ContentRefusedError, RICH_TEXT_MALFORMED_MESSAGE } from './contentRefused'
import { isLexicalState, type LexicalState } from './lexicalJson'
import { lexicalToMarkdown } from './lexicalToMarkdown'
import { markdownKeepingSource } from './markdownKeepingSource'
import { isTooDeep, lexMarkdown, MARKDOWN_TOO_DEEP_MESSAGE } from './markdownNesting'
import { markdownToLexical } from './markdownToLexical'
import type { OwnMedia } from './ownMedia'
import { type UploadDoc, withUploadsResolved } from './uploadNodes'

/** The two fields that hold one content: Markdown (what the API serves) and its rich-text twin (what editors edit). */
export type ContentFieldNames = { markdown: string; richText: string }

export type LoadUploads = (collection: string, ids: (number | string)[]) => Promise<UploadDoc[]>

/** The media items of this service that a Markdown text's images may point at. */
export type FindOwnMedia = (markdown: string) => Promise<OwnMedia>

type Sources = { data: Record; stored: Record | undefined; editorConfig: SanitizedServerEditorConfig; loadUploads: LoadUploads; findOwnMedia: FindOwnMedia }

type Record = { [field: string]: unknown }

const markdownOf = async (state: LexicalState, editorConfig: SanitizedServerEditorConfig, loadUploads: LoadUploads) =>
  lexicalToMarkdown(await withUploadsResolved(state, loadUploads), editorConfig)

/**
 * Runs a conversion of what was sent in `field`; content nesting too deeply comes out as ContentRefusedError of the
 * field, and so does a TypeError when `malformed` says what it means (rich text is JSON a client wrote: a text node
 * whose text is no string, a link without its fields).
 */
const inField = async <T>(field: string, convert: () => T | Promise<T>, malformed?: string): Promise<T> => {
  try {
    return await convert()
  } catch (error) {
    if (isTooDeep(error)) throw new ContentRefusedError(field, MARKDOWN_TOO_DEEP_MESSAGE)
    if (malformed && error instanceof TypeError) throw new ContentRefusedError(field, malformed)
    throw error
  }
}

/**
 * The Markdown of rich text sent (an admin UI save), in step with it. The Markdown written is lexed once to check it
 * nests no deeper than the public reads may lex.
 */
const withRichTextSent = async <Data extends Record>(
  names: ContentFieldNames,
  sentRichText: unknown,
  { data, stored, editorConfig, loadUploads, findOwnMedia }: Sources & { data: Data },
): Promise<Data> => {
  const storedValue = stored?.[names.markdown]
  const storedMarkdown = typeof storedValue === 'string' ? storedValue : ''
  const storedRichText = stored?.[names.richText]
  // The media the stored Markdown's images point at: looked up once, and only if that Markdown is read.
  let storedMedia: Promise<OwnMedia> | undefined
  const ownMediaOfStored = () => (storedMedia ??= findOwnMedia(storedMarkdown))
  // A record from before the rich-text twin existed is compared through the state its Markdown converts to.
  const storedState = isLexicalState(storedRichText)
    ? storedRichText
    : storedMarkdown === ''
      ? null
      : markdownToLexical(storedMarkdown, editorConfig, await ownMediaOfStored())
  const before = storedState ? await markdownOf(storedState, editorConfig, loadUploads) : ''
  const sentState = isLexicalState(sentRichText) ? await withUploadsResolved(sentRichText, loadUploads) : null
  const after = sentState ? lexicalToMarkdown(sentState, editorConfig) : ''
  if (after === before) return data
  // The blocks the editor did not touch keep their stored source: a one-word edit changes that block's lines only.
  const markdown = sentState && storedMarkdown !== '' ? markdownKeepingSource(sentState, storedMarkdown, editorConfig, await ownMediaOfStored()) : after
  lexMarkdown(markdown)
  return { ...data, [names.markdown]: markdown }
}

/**
 * The data of a save with both fields in step. New Markdown (from the API) is kept as sent and converted for the
 * editor. Otherwise, when rich text arrives (an admin UI save), the Markdown is regenerated only if the rich text
 * says something different from before: both states are written out as Markdown and compared, so an editor that
 * merely re-serialises unchanged content does not rewrite the stored Markdown; and when it does, every top-level
 * block the editor left alone keeps its stored source (markdownKeepingSource). Content that nests too deeply
 * (MAX_MARKDOWN_NESTING), or rich text that is malformed, throws ContentRefusedError of the field it was sent in.
 */
export const syncContent = async <Data extends Record>(names: ContentFieldNames, sources: Sources & { data: Data }): Promise<Data> => {
  const { data, stored, editorConfig, findOwnMedia } = sources
  const storedValue = stored?.[names.markdown]
  const storedMarkdown = typeof storedValue === 'string' ? storedValue : ''
  const sentMarkdown = data[names.markdown]
  if (typeof sentMarkdown === 'string' && sentMarkdown !== storedMarkdown) {
    if (sentMarkdown === '') return { ...data, [names.richText]: null }
    const ownMedia = await findOwnMedia(sentMarkdown)
    return { ...data, [names.richText]: await inField(names.markdown, () => markdownToLexical(sentMarkdown, editorConfig, ownMedia)) }
  }
  const sentRichText = data[names.richText]
  if (sentRichText === undefined) return data
  return inField(names.richText, () => withRichTextSent(names, sentRichText, sources), RICH_TEXT_MALFORMED_MESSAGE)
}
