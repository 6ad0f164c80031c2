// `npm run import -- <path> [--dry-run] [--format hugo|jekyll|hexo|ghost|export] [--author <email>] [--category <name>]`:
// brings a Hugo, Jekyll or Hexo site, a Ghost JSON export or one of our exports into the database named by
// DATABASE_URL / DATA_DIR (as `npm start`). See docs/moving-your-blog-here.md.
import { parseArgs } from 'node:util'

import { readEnv } from '../lib/env'
import { readSite, SourceError } from '../lib/portability/readSite'
import { DEFAULT_CATEGORY, SOURCE_FORMATS, type SourceFormat } from '../lib/portability/sourceItem'

const USAGE = `Usage: npm run import -- <path> [--dry-run] [--format ${SOURCE_FORMATS.join('|')}] [--author <email>] [--category <name>]

  <path>              a Hugo, Jekyll or Hexo site folder, a Ghost export (.json), or a folder written by npm run export
  --dry-run           print what would be created, updated and skipped; write nothing
  --format <format>   the source's format, when it is not recognised from its files
  --author <email>    the user imported articles are credited to (default: the first admin)
  --category <name>   category of posts with neither categories nor tags (default: ${DEFAULT_CATEGORY})

Exit code: 0 when everything was imported or unchanged, 2 when some items were skipped for a problem, 1 on an error.`

const isFormat = (value: string): value is SourceFormat => (SOURCE_FORMATS as readonly string[]).includes(value)

const main = async (): Promise<number> => {
  let args
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        format: { type: 'string' },
        author: { type: 'string' },
        category: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 1
  }
  const { values, positionals } = args
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  if (positionals.length !== 1) {
    console.error(`Name one source to import.\n\n${USAGE}`)
    return 1
  }
  if (values.format !== undefined && !isFormat(values.format)) {
    console.error(`--format must be one of ${SOURCE_FORMATS.join(', ')}, not "${values.format}"`)
    return 1
  }
  const env = readEnv(process.env)
  let site
  try {
    site = readSite(positionals[0]!, values.format as SourceFormat | undefined)
  } catch (error) {
    if (error instanceof SourceError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
  console.log(`Importing ${site.items.length} posts from a ${site.format} source at ${site.root}${values['dry-run'] ? ' (dry run)' : ''}`)

  // Payload and the service's modules load only now: a mistake in the arguments or the source is told at once.
  const { runImport } = await import('../lib/portability/runImport')
  return runImport(env, site, { dryRun: values['dry-run'], authorEmail: values.author, defaultCategory: values.category })
}

process.exitCode = await main()
