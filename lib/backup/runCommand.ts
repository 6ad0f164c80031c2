import { parseArgs } from 'node:util'

import { ConfigError } from '../configError'
import { BackupError } from './backupError'

/**
 * Parses `<file> [--force]` for the backup and restore commands and runs `action`. Exit codes: 0 done, 1 refused or
 * failed (the message says why; nothing was changed), 2 wrong usage.
 */
export const runCommand = async (usage: string, action: (file: string, force: boolean) => Promise<string>): Promise<void> => {
  let parsed: { file: string; force: boolean }
  try {
    const { positionals, values } = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { force: { type: 'boolean' } } })
    if (positionals.length !== 1) throw new Error(positionals.length === 0 ? 'no file given' : 'give one file')
    parsed = { file: positionals[0]!, force: values.force ?? false }
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`)
    process.exitCode = 2
    return
  }
  try {
    console.log(await action(parsed.file, parsed.force))
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message)
    } else {
      console.error(`Failed: ${(error as Error).stack ?? String(error)}`)
    }
    process.exitCode = 1
  }
}
