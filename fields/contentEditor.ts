import {
  BlocksFeature,
  CodeBlock,
  EXPERIMENTAL_TableFeature,
  FixedToolbarFeature,
  type FeatureProviderServer,
} from '@payloadcms/richtext-lexical'
import type { Block } from 'payload'

import { ADMIN_COMPONENT_PATHS } from '../lib/adminComponentPaths'
import { CODE_BLOCK_SLUG, IMAGE_BLOCK_SLUG, MARKDOWN_BLOCK_SLUG } from '../lib/markdown/blockSlugs'
import { CODE_LANGUAGES } from '../lib/markdown/codeLanguages'

/**
 * Payload's code block (language picker in its header, code editor in its body) with one more field: the rest of a
 * Markdown fence's info string after the language (```tsx filename="app/page.tsx" keeps `filename="app/page.tsx"`).
 * The block's component renders every field that is not hidden, so the field shows, editable, between the header and
 * the code. Renderers ignore it; tools that read the Markdown (docs sites, highlighters) use it.
 */
const codeBlockWithMeta = (): Block => {
  const block = CodeBlock({ slug: CODE_BLOCK_SLUG, languages: CODE_LANGUAGES, defaultLanguage: 'plaintext' })
  const [language, ...rest] = block.fields
  const payloadComponent = block.admin?.components?.Block
  return {
    ...block,
    // Payload's block component, with the code written into the block's node as it changes (components/blockFieldsInNode.ts).
    admin: {
      ...block.admin,
      components: {
        ...block.admin?.components,
        Block: { ...(typeof payloadComponent === 'object' ? payloadComponent : {}), path: ADMIN_COMPONENT_PATHS.CodeBlockKeepingCode },
      },
    },
    fields: [
      language!,
      {
        name: 'meta',
        type: 'text',
        label: 'Fence info after the language',
        admin: { description: 'Written after the language on the opening fence, e.g. filename="app/page.tsx". Optional.' },
      },
      ...rest,
    ],
  }
}

/** Payload's look for a block without a component of its own, with its fields written into its node as they change. */
const KEEPING_FIELDS: Block['admin'] = { components: { Block: ADMIN_COMPONENT_PATHS.BlockKeepingFields } }

/** An image by address, as Markdown writes it (`![alt](url "title")`); uploads use the Upload button instead. */
const ImageBlock: Block = {
  slug: IMAGE_BLOCK_SLUG,
  labels: { singular: 'Image by URL', plural: 'Images by URL' },
  admin: KEEPING_FIELDS,
  fields: [
    { name: 'url', type: 'text', required: true, label: 'Image address' },
    { name: 'alt', type: 'text', label: 'Alternative text' },
    { name: 'title', type: 'text', label: 'Title (tooltip)' },
  ],
}

/** Markdown the editor has no node for (raw HTML, footnotes, aligned tables...), kept exactly as written. */
const MarkdownBlock: Block = {
  slug: MARKDOWN_BLOCK_SLUG,
  labels: { singular: 'Markdown', plural: 'Markdown' },
  admin: KEEPING_FIELDS,
  fields: [
    {
      name: 'markdown',
      type: 'code',
      required: true,
      label: 'Markdown',
      admin: {
        language: 'markdown',
        description: 'Published exactly as written. Used for content the editor has no block for.',
      },
    },
  ],
}

// Only features with a Markdown form: underline, sub/superscript, alignment, indentation and relationship nodes
// have none, so the Markdown saved from the editor would silently lose them.
const KEPT_DEFAULT_FEATURES = new Set([
  'blockquote',
  'bold',
  'checklist',
  'heading',
  'horizontalRule',
  'inlineCode',
  'toolbarInline',
  'italic',
  'link',
  'orderedList',
  'paragraph',
  'strikethrough',
  'unorderedList',
  'upload',
])

/** The features of the article and project editor; the Markdown converters read the same list. */
export const contentEditorFeatures = ({ defaultFeatures }: { defaultFeatures: FeatureProviderServer[] }) => [
  ...defaultFeatures.filter((feature) => KEPT_DEFAULT_FEATURES.has(feature.key)),
  BlocksFeature({
    blocks: [codeBlockWithMeta(), ImageBlock, MarkdownBlock],
  }),
  EXPERIMENTAL_TableFeature(),
  FixedToolbarFeature(),
]
