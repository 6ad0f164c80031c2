import { execFile } from 'node:child_process'
import path from 'node:path'

import { commandArgs } from './commandLine'

const ROOT = path.resolve(import.meta.dirname, '../..')

export const BLOG_FIXTURES = path.join(ROOT, 'test/fixtures/blogs')

export type ScriptResult = { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/**
 * Runs `npm run import` or `npm run export` (the script's build, as npm would run its source) against a database and data folder.
 * Asynchronous on purpose: the service under test keeps serving (and holding its connections) while it runs.
 */
export const runPortabilityScript = (
  script: 'import' | 'export',
  args: string[],
  env: { DATABASE_URL: string; DATA_DIR: string } & Record<string, string>,
): Promise<ScriptResult> =>
  new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      commandArgs(script, args),
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 90_000,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          PAYLOAD_SECRET: 'test-secret-not-for-production',
          LOG_LEVEL: 'error',
          SQLITE_BUSY_TIMEOUT: '10000',
          ...env,
        },
      },
      (_error, stdout, stderr) => resolve({ status: child.exitCode, signal: child.signalCode, stdout, stderr }),
    )
  })
