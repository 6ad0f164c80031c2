// Builds the admin UI (Next) when its sources changed since the last build, showing Next's own progress.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FINGERPRINT_FILE = path.join(root, '.next', 'source-fingerprint')
const SOURCE_DIRS = ['app', 'collections', 'components', 'fields', 'access', 'hooks', 'lib', 'migrations']
const SOURCE_FILES = ['index.ts', 'types.ts', 'composeConfig.ts', 'payload.config.ts', 'next.config.ts', 'package-lock.json']

const listFiles = (dir) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : []

/** A hash of everything the admin build depends on. */
export const sourceFingerprint = () => {
  const files = [...SOURCE_DIRS.flatMap((dir) => listFiles(path.join(root, dir))), ...SOURCE_FILES.map((file) => path.join(root, file))]
    .filter((file) => fs.existsSync(file))
    .sort()
  const hash = createHash('sha256')
  for (const file of files) hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0')
  return hash.digest('hex')
}

export const adminBuildIsCurrent = () =>
  fs.existsSync(path.join(root, '.next', 'BUILD_ID')) &&
  fs.existsSync(FINGERPRINT_FILE) &&
  fs.readFileSync(FINGERPRINT_FILE, 'utf8') === sourceFingerprint()

export const buildAdmin = () => {
  const started = Date.now()
  console.log('Building the admin UI (first start or changed sources; about a minute)...')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' },
    stdio: 'inherit',
  })
  if (result.status !== 0) {
    console.error(`Admin UI build failed (exit ${result.status ?? result.signal}).`)
    process.exit(result.status ?? 1)
  }
  fs.writeFileSync(FINGERPRINT_FILE, sourceFingerprint())
  console.log(`Admin UI built in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}
