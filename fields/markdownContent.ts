import { editorConfigFactory, lexicalEditor, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import {
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
  type CollectionSlug,
  type Field,
  type FieldHook,
  type Payload,
  type RichTextField,
  type SelectType,
  type SanitizedCollectionConfig,
  type TextareaField,
  ValidationError,
} from 'payload'
import { getSelectMode } from 'payload/shared'

import { staffOnlyField } from '../access/staffOnlyField'
import { MEDIA_SLUG } from '../collections/Media'
import { ContentRefusedError } from '../lib/markdown/contentRefused'
import { isLexicalState } from '../lib/markdown/lexicalJson'
import { MarkdownTooDeepError } from '../lib/markdown/markdownNesting'
import { markdownToLexical, rawMarkdownState } from '../lib/markdown/markdownToLexical'
import { type ContentFieldNames, syncContent } from '../lib/markdown/syncContent'
import type { UploadDoc } from '../lib/markdown/uploadNodes'
import { lookUpOwnMedia } from '../lib/ownMediaLookup'
import { isStaff } from '../lib/roles'
import { contentEditorFeatures } from './contentEditor'

/** The field names of the articles' and projects' content: `content` is what `/api` reads and writes. */
export const CONTENT_FIELDS: ContentFieldNames = { markdown: 'content', richText: 'contentRichText' }

/** The editor config Payload built for the collection's rich-text field of that name, from the field's editor. */
const editorConfigOf = (collection: SanitizedCollectionConfig | null, name: string): SanitizedServerEditorConfig => {
  const field = collection?.fields.find((candidate): candidate is RichTextField => candidate.type === 'richText' && candidate.name === name)
  if (!field) throw new Error(`No rich-text field ${name} in ${collection?.slug ?? 'a global'}`)
  return editorConfigFactory.fromField({ field })
}

const isCollectionSlug = (payload: Payload, slug: string): slug is CollectionSlug => Object.hasOwn(payload.collections, slug)

const hasRichText = (value: unknown): boolean => isLexicalState(value) && value.root.children.length > 0

export type MarkdownContent = {
  fields: Field[]
  /** The collection's beforeChange hook that keeps both fields in step; it belongs with these fields. */
  beforeChange: CollectionBeforeChangeHook
  /** The collection's beforeOperation hook that leaves the rich text out of reads by anyone but staff. */
  beforeOperation: CollectionBeforeOperationHook
}

/** `select` without the field `name`: excluded from an exclusion (or no) select, dropped from an inclusion one. */
const selectWithout = (select: unknown, name: string): Record<string, unknown> => {
  const asked = typeof select === 'object' && select !== null ? (select as SelectType) : {}
  if (Object.keys(asked).length === 0 || getSelectMode(asked) === 'exclude') return { ...asked, [name]: false }
  const { [name]: _left, ...kept } = asked
  return Object.keys(kept).length > 0 ? kept : { id: true }
}

/**
 * The content of an article or project, twice: rich text for the admin UI's editor, and the Markdown the API serves
 * (shown read-only under the editor), with the hook that keeps them in step.
 */
export const markdownContent = ({ required }: { required: boolean }, names: ContentFieldNames = CONTENT_FIELDS): MarkdownContent => {
  /** Records written before the rich-text twin existed get it on read, so the admin UI never shows them empty. */
  const fillRichTextFromMarkdown: FieldHook = async ({ collection, req, siblingData, value }) => {
    const markdown: unknown = siblingData?.[names.markdown]
    if (value != null || typeof markdown !== 'string' || markdown === '') return value
    try {
      return markdownToLexical(markdown, editorConfigOf(collection, names.richText), await lookUpOwnMedia(req, MEDIA_SLUG, markdown))
    } catch (error) {
      // Stored before nesting was bounded: the editor shows it as one Markdown block.
      if (error instanceof MarkdownTooDeepError) return rawMarkdownState(markdown)
      throw error
    }
  }
  const richText: RichTextField = {
    name: names.richText,
    type: 'richText',
    label: 'Content',
    editor: lexicalEditor({ features: contentEditorFeatures }),
    // The editor's working copy: readers get the Markdown. Five times its size, it made an anonymous page of 100
    // articles hold the event loop 125-160 ms (parsed, walked and written); without it, 40-50 ms.
    access: { read: staffOnlyField },
    hooks: { afterRead: [fillRichTextFromMarkdown] },
  }
  const markdown: TextareaField = {
    name: names.markdown,
    type: 'textarea',
    label: 'Markdown',
    validate: (value: unknown, { data }: { data: Record<string, unknown> }) => {
      if (value != null && typeof value !== 'string') return 'Must be text (Markdown).'
      return !required || (typeof value === 'string' && value !== '') || hasRichText(data?.[names.richText]) ? true : 'Write the content.'
    },
    admin: {
      readOnly: true,
      rows: 12,
      description: 'What the API serves. Written from the editor above when you save; scripts change it through /api/admin.',
    },
  }
  const beforeChange: CollectionBeforeChangeHook = async ({ collection, data, originalDoc, req }) => {
    // A restore brings back both fields as they were saved together: converting its Markdown again would turn uploads
    // into images by URL and lose what the editor wrote exactly.
    if (req.context.isRestoringVersion) return data
    try {
      return await syncContent(names, {
        data,
        stored: originalDoc,
        editorConfig: editorConfigOf(collection, names.richText),
        loadUploads: async (collection, ids) => {
          if (!isCollectionSlug(req.payload, collection)) return []
          const { docs } = await req.payload.find({ collection, depth: 0, pagination: false, req, where: { id: { in: ids } } })
          return docs.filter((doc): doc is UploadDoc & typeof doc => 'url' in doc)
        },
        findOwnMedia: (markdown) => lookUpOwnMedia(req, MEDIA_SLUG, markdown),
      })
    } catch (error) {
      if (error instanceof ContentRefusedError) throw new ValidationError({ errors: [{ path: error.field, message: error.message }], req })
      throw error
    }
  }
  // Field access alone would still read, parse and walk the rich text before dropping it: left out of the select,
  // the database never returns it.
  const beforeOperation: CollectionBeforeOperationHook = ({ args, operation, req }) => {
    if (operation !== 'read' || Reflect.get(args, 'overrideAccess') === true || isStaff(req.user)) return args
    return { ...args, select: selectWithout(Reflect.get(args, 'select'), names.richText) }
  }
  return { fields: [richText, markdown], beforeChange, beforeOperation }
}
