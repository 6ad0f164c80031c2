import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { resolveSecret } from '../../lib/secret'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-test-'))
  dirs.push(dir)
  return path.join(dir, 'data')
}

afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe('resolveSecret', () => {
  it('uses the configured secret and writes nothing', () => {
    const dataDir = tempDir()
    expect(resolveSecret('configured', dataDir)).toBe('configured')
    expect(fs.existsSync(dataDir)).toBe(false)
  })

  it('generates a secret once and keeps it in the data folder, so tokens survive restarts', () => {
    const dataDir = tempDir()
    const first = resolveSecret(undefined, dataDir)
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(resolveSecret(undefined, dataDir)).toBe(first)
    expect(fs.statSync(path.join(dataDir, '.payload-secret')).mode & 0o777).toBe(0o600)
  })

  it('different data folders get different secrets', () => {
    expect(resolveSecret(undefined, tempDir())).not.toBe(resolveSecret(undefined, tempDir()))
  })
})
