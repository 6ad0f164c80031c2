import fs from 'node:fs'
import path from 'node:path'

/**
 * Real Markdown documents the project did not write (SOURCES.md names each with its package, path and licence), and
 * `written__*` documents written for it in the styles of blog posts, READMEs and docs.
 */
export const MARKDOWN_CORPUS_DIR = path.resolve(import.meta.dirname, '../fixtures/markdown-corpus')

/** Every corpus document, by file name, read byte for byte. */
export const markdownCorpus = (): { file: string; markdown: string }[] =>
  fs
    .readdirSync(MARKDOWN_CORPUS_DIR)
    .filter((file) => file.endsWith('.md') && file !== 'SOURCES.md')
    .sort()
    .map((file) => ({ file, markdown: fs.readFileSync(path.join(MARKDOWN_CORPUS_DIR, file), 'utf8') }))
