// Markdown -> editor state -> Markdown on folders of documents (the fixture corpus by default): how many render to
// the same HTML afterwards, by CommonMark (markdown-it, as the round-trip test judges) and by GFM (micromark with its
// GFM extensions, which link bare addresses and read footnotes as GitHub does), with the names of those that differ.
//   node --conditions=production --no-deprecation --import tsx bench/markdown/roundTrip.ts [folder ...]
// micromark is not a dependency of the service: it is installed with richtext-lexical's Markdown tools.
import fs from 'node:fs'
import path from 'node:path'

import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'

import { lexicalToMarkdown } from '../../lib/markdown/lexicalToMarkdown'
import { markdownToLexical, normalisedNewlines } from '../../lib/markdown/markdownToLexical'
import { comparableHtml } from '../../lib/markdown/renderHtml'
import { articleEditorConfig } from '../../test/helpers/contentEditorConfig'
import { MARKDOWN_CORPUS_DIR } from '../../test/helpers/markdownCorpus'

const PREFORMATTED = /(<pre\b[\s\S]*?<\/pre>)/i
const BLOCK_BOUNDARY =
  /\s*(<\/?(?:address|article|aside|blockquote|details|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)\b[^>]*>|<!--[\s\S]*?-->)\s*/gi

/** GFM HTML with the whitespace browsers ignore removed, as comparableHtml does for CommonMark. */
const comparableGfmHtml = (markdown: string): string =>
  micromark(normalisedNewlines(markdown), { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] })
    .split(PREFORMATTED)
    .map((part) => (PREFORMATTED.test(part) ? part : part.replace(/\s+/g, ' ').replace(BLOCK_BOUNDARY, '$1')))
    .join('')
    .trim()

const folders = process.argv.length > 2 ? process.argv.slice(2) : [MARKDOWN_CORPUS_DIR]
const files = folders.flatMap((folder) =>
  fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.md') && file !== 'SOURCES.md')
    .sort()
    .map((file) => path.join(folder, file)),
)

const editorConfig = await articleEditorConfig()
const differ = { commonMark: [] as string[], gfm: [] as string[] }
for (const file of files) {
  const markdown = fs.readFileSync(file, 'utf8')
  const back = lexicalToMarkdown(markdownToLexical(markdown, editorConfig), editorConfig)
  if (comparableHtml(back) !== comparableHtml(markdown)) differ.commonMark.push(path.basename(file))
  if (comparableGfmHtml(back) !== comparableGfmHtml(markdown)) differ.gfm.push(path.basename(file))
}
const line = (name: string, different: string[]) =>
  `${name}: ${files.length - different.length}/${files.length} documents render to the same HTML` +
  ` (${((100 * (files.length - different.length)) / files.length).toFixed(1)}%)${different.length > 0 ? `; different: ${different.join(', ')}` : ''}`
console.log(line('CommonMark (markdown-it)', differ.commonMark))
console.log(line('GFM (micromark)', differ.gfm))
