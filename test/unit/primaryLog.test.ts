import { spawn } from 'node:child_process'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import { describe, expect, it } from 'vitest'

const PRIMARY_LOG = path.resolve(__dirname, '../../lib/cluster/primaryLog.ts')

/**
 * A process that fills its stdout pipe (as the workers sharing the primary's stdout do under load), logs one
 * last line and exits from the line's `written` callback, while its reader only starts reading a while later.
 */
const lastLineOfAFullPipe = async (): Promise<string | undefined> => {
  const script = `
    import { createPrimaryLog } from ${JSON.stringify(PRIMARY_LOG)}
    const filler = 'x'.repeat(1023) + '\\n'
    for (let n = 0; n < 512; n++) process.stdout.write(filler)
    createPrimaryLog('info')('info', 'the last line', () => process.exit(0))
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  const closed = new Promise((resolve) => child.on('close', resolve))
  child.stdout.pause()
  await sleep(1500)
  const chunks: Buffer[] = []
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
  child.stdout.resume()
  await closed
  return Buffer.concat(chunks).toString().trimEnd().split('\n').at(-1)
}

describe('the primary log', () => {
  it('hands over a line written while the pipe is full before its callback lets the process exit', async () => {
    const last = await lastLineOfAFullPipe()
    expect(JSON.parse(last ?? '{}')).toMatchObject({ name: 'cluster', level: 30, msg: 'the last line' })
  }, 30_000)
})
