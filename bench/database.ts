import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startPostgresCluster } from '../test/helpers/postgresCluster.mjs'
import { onCleanup } from './cleanup'
import type { SiteSize } from './seed'

export type BenchDatabase = {
  kind: 'postgres' | 'sqlite'
  /** DATABASE_URL for the seeding processes and the service. */
  url: string
  /** DATA_DIR for the service: a temp folder (or the reused one). */
  dataDir: string
  /** Postgres: the cluster's port, to find its processes for the CPU column. */
  port?: number
  /** True when a reused SQLite folder already holds this very site. */
  seeded: boolean
}

const SEEDED_MARKER = 'seeded.json'

const seededSite = (dataDir: string): string | undefined => {
  try {
    return JSON.stringify((JSON.parse(fs.readFileSync(path.join(dataDir, SEEDED_MARKER), 'utf8')) as { site?: unknown }).site)
  } catch {
    return undefined
  }
}

/** The temp folder and database of one run; both are removed by the cleanup (a reused folder is kept). */
export const createBenchDatabase = async (kind: BenchDatabase['kind'], site: SiteSize, reuseDir?: string): Promise<BenchDatabase> => {
  if (reuseDir) {
    const dataDir = path.resolve(reuseDir)
    fs.mkdirSync(dataDir, { recursive: true })
    const seeded = seededSite(dataDir) === JSON.stringify(site)
    if (!seeded) {
      for (const file of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, file), { recursive: true, force: true })
    }
    return { kind, url: `file:${path.join(dataDir, 'bench.db')}`, dataDir, seeded }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-'))
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true })
  onCleanup('temp folder', removeDir, removeDir)
  if (kind === 'sqlite') return { kind, url: `file:${path.join(dataDir, 'bench.db')}`, dataDir, seeded: false }

  const cluster = await startPostgresCluster()
  onCleanup('PostgreSQL cluster', cluster.stop, cluster.stop)
  return { kind, url: cluster.url, dataDir, port: Number(new URL(cluster.url).port), seeded: false }
}

/** Marks a reused folder as holding `site`, so the next run with the same site skips the seeding. */
export const markSeeded = (database: BenchDatabase, site: SiteSize, summary: unknown): void =>
  fs.writeFileSync(path.join(database.dataDir, SEEDED_MARKER), JSON.stringify({ site, summary }, null, 2))
