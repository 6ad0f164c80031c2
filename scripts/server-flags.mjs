// Prints the Node flags `npm start` runs the server with (second half of the start script in package.json).
import { fileURLToPath } from 'node:url'

/**
 * V8 lets garbage pile up to a limit it derives from the machine's memory (about 4 GB here), so a busy service's
 * RSS keeps growing long after it needs to. `HEAP_LIMIT_MB` caps the old generation (`--max-old-space-size`):
 * 256 by default, `off` for V8's own limit. A limit already in NODE_OPTIONS wins and nothing is added.
 */
export const DEFAULT_HEAP_LIMIT_MB = 256
const MIN_HEAP_LIMIT_MB = 96

const chosenHeapLimit = (env) => (env.HEAP_LIMIT_MB ?? '').trim() || String(DEFAULT_HEAP_LIMIT_MB)

/** Why HEAP_LIMIT_MB cannot be used, or undefined when it can. */
export const heapLimitProblem = (env) => {
  const value = chosenHeapLimit(env)
  if (value.toLowerCase() === 'off') return undefined
  const megabytes = Number(value)
  return Number.isInteger(megabytes) && megabytes >= MIN_HEAP_LIMIT_MB
    ? undefined
    : `Invalid configuration: HEAP_LIMIT_MB must be a whole number of megabytes, at least ${MIN_HEAP_LIMIT_MB}, or "off" (got "${value}")`
}

/**
 * V8's young generation, per semi-space. Node 20 lets it grow to 16 MB; Node 22 and later size it from the machine's
 * memory, up to 64 MB here: under `npm run bench` on Node 24 the service peaked at 492 MB RSS, and at 345 MB with 8
 * (369 MB with 16), with no throughput difference the machine's noise let show. `HEAP_LIMIT_MB=off` leaves this to V8
 * as well; a `--max-semi-space-size` in NODE_OPTIONS wins.
 */
const SEMI_SPACE_MB = 8

export const serverFlags = (env) => {
  const flags = ['--conditions=production', '--no-deprecation']
  const value = chosenHeapLimit(env)
  if (value.toLowerCase() === 'off' || heapLimitProblem(env)) return flags
  const nodeOptions = env.NODE_OPTIONS ?? ''
  if (!/--max-old-space-size[=\s]/.test(nodeOptions)) flags.push(`--max-old-space-size=${value}`)
  if (!/--max-semi-space-size[=\s]/.test(nodeOptions)) flags.push(`--max-semi-space-size=${SEMI_SPACE_MB}`)
  return flags
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(serverFlags(process.env).join(' '))
