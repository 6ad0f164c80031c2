import fs from 'node:fs'
import path from 'node:path'

const RESULTS_DIR = path.resolve(import.meta.dirname, 'results')

/** Writes a run's summary to bench/results/<date>-<db>.json (a later run the same day replaces it). */
export const saveResults = (db: string, results: unknown): string => {
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  const file = path.join(RESULTS_DIR, `${new Date().toISOString().slice(0, 10)}-${db}.json`)
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
  return path.relative(process.cwd(), file)
}
