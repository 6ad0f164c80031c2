// `npm run bench:markdown`: how long Markdown -> editor state takes on the fixture corpus and on 50 KB documents made
// of it, and how much of the corpus stays raw Markdown blocks (by blocks and by bytes). In-process, medians of runs.
import { isBlockNode } from '../../lib/markdown/lexicalJson'
import { markdownSegments, normalisedNewlines } from '../../lib/markdown/markdownToLexical'
import { articleEditorConfig } from '../../test/helpers/contentEditorConfig'
import { markdownCorpus } from '../../test/helpers/markdownCorpus'

const RUNS = Number(process.env.RUNS ?? 5)
const TARGET_BYTES = 50 * 1024

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const corpus = markdownCorpus().map(({ file, markdown }) => ({ file, markdown: normalisedNewlines(markdown) }))

/** Documents of about 50 KB: the corpus's documents one after another, cut at a document's end. */
const largeDocuments = (count: number) => {
  const documents: string[] = []
  let offset = 0
  for (let made = 0; made < count; made++) {
    let text = ''
    while (Buffer.byteLength(text) < TARGET_BYTES) text += `${corpus[offset++ % corpus.length]!.markdown}\n\n`
    documents.push(text)
  }
  return documents
}

const editorConfig = await articleEditorConfig()
const time = (markdown: string) => {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    markdownSegments(markdown, editorConfig)
    times.push(performance.now() - started)
  }
  return median(times)
}

let rawBlocks = 0
let blocks = 0
let rawBytes = 0
let bytes = 0
const perDocument = corpus.map(({ markdown }) => {
  const segments = markdownSegments(markdown, editorConfig)
  for (const segment of segments) {
    const size = Buffer.byteLength(markdown.slice(segment.start, segment.end))
    const raw = segment.nodes.some((node) => isBlockNode(node) && node.fields.blockType === 'markdown')
    blocks++
    bytes += size
    if (raw) {
      rawBlocks++
      rawBytes += size
    }
  }
  return { kb: Buffer.byteLength(markdown) / 1024, ms: time(markdown) }
})
const large = largeDocuments(4).map((markdown) => ({ kb: Buffer.byteLength(markdown) / 1024, ms: time(markdown) }))

const format = (value: number) => value.toFixed(1)
console.log(`Markdown -> editor state, median of ${RUNS} runs each (node ${process.version}):`)
console.log(`  corpus: ${corpus.length} documents; median ${format(median(perDocument.map((d) => d.ms)))} ms per document, ${median(perDocument.map((d) => d.ms / d.kb)).toFixed(2)} ms per KB`)
for (const { kb, ms } of large) console.log(`  ${format(kb)} KB document: ${format(ms)} ms`)
console.log(`  raw Markdown blocks: ${rawBlocks} of ${blocks} top-level blocks (${format((100 * rawBlocks) / blocks)}%), ${format((100 * rawBytes) / bytes)}% of the bytes`)
