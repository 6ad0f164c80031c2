// `npm run export -- <dir>`: writes every article and project as Markdown with YAML front matter, the media files
// and a manifest into <dir>, in the layout `npm run import` reads back. Reads the database named by DATABASE_URL /
// DATA_DIR (as `npm start`). See docs/moving-your-blog-here.md.
import path from 'node:path'
import { parseArgs } from 'node:util'

import { readEnv } from '../lib/env'

const USAGE = 'Usage: npm run export -- <dir>   (an empty folder, or one holding an earlier export, which is replaced)'

const main = async (): Promise<number> => {
  const { positionals, values } = parseArgs({ allowPositionals: true, strict: false, options: { help: { type: 'boolean', short: 'h' } } })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  if (positionals.length !== 1) {
    console.error(`Name one folder to export into.\n${USAGE}`)
    return 1
  }
  const dir = path.resolve(positionals[0]!)
  const env = readEnv(process.env)
  // Payload and the service's modules load only now: a mistake in the arguments is told at once.
  const { runExport } = await import('../lib/portability/runExport')
  return runExport(env, dir)
}

process.exitCode = await main()
