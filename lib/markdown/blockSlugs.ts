/** Slugs of the editor blocks that carry Markdown constructs (fields/contentEditor.ts defines the blocks). */
export const CODE_BLOCK_SLUG = 'Code'
export const IMAGE_BLOCK_SLUG = 'image'
export const MARKDOWN_BLOCK_SLUG = 'markdown'
