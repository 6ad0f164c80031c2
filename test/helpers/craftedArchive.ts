import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { gzipSync } from 'node:zlib'

import * as tar from 'tar'

/** One entry of a hand-made tar: its header as written, and its body (absent for links, devices, FIFOs, folders). */
export type CraftedEntry = {
  path: string
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'BlockDevice' | 'FIFO'
  mode?: number
  body?: Buffer | string
  linkpath?: string
}

const block = (bytes: number) => Math.ceil(bytes / 512) * 512

/**
 * Writes a gzipped tar entry by entry, headers exactly as given (modes, types, links), as an attacker would: `tar`
 * itself refuses to pack most of these from a real file system.
 */
export const writeCraftedArchive = (file: string, entries: CraftedEntry[]) => {
  const parts: Buffer[] = []
  for (const entry of entries) {
    const body = entry.body === undefined ? Buffer.alloc(0) : Buffer.from(entry.body)
    const type = entry.type ?? 'File'
    const header = new tar.Header({
      path: entry.path,
      type,
      mode: entry.mode ?? (type === 'Directory' ? 0o755 : 0o644),
      size: body.length,
      mtime: new Date('2024-01-01T00:00:00Z'),
      linkpath: entry.linkpath,
      uid: 0,
      gid: 0,
    })
    header.encode()
    parts.push(header.block!, body, Buffer.alloc(block(body.length) - body.length))
  }
  parts.push(Buffer.alloc(1024))
  fs.writeFileSync(file, gzipSync(Buffer.concat(parts)))
}

export const digestOf = (body: Buffer | string) => ({
  bytes: Buffer.byteLength(body),
  sha256: createHash('sha256').update(body).digest('hex'),
})

/** A manifest as `npm run backup` writes it, listing the given database snapshot and media files. */
export const craftedManifest = (kind: 'sqlite' | 'postgres', database: Buffer | string, media: Record<string, Buffer | string>) => {
  const files = Object.entries(media).map(([name, body]) => ({ path: `media/${name}`, ...digestOf(body) }))
  return JSON.stringify({
    format: 'blog-portfolio-service-backup',
    formatVersion: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    database: {
      kind,
      path: kind === 'sqlite' ? 'database/content.sqlite' : 'database/postgres.dump',
      format: kind === 'sqlite' ? 'sqlite3 (VACUUM INTO)' : 'pg_dump custom format (-Fc)',
      ...digestOf(database),
    },
    migrations: [],
    media: { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) },
  })
}

/** Every path below `dir` with its type, mode and size: what a refused restore must leave exactly as it was. */
export const treeOf = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .sort()
        .map((name) => {
          const stat = fs.lstatSync(`${dir}/${name}`)
          return `${name} ${stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : 'other'} ${(stat.mode & 0o7777).toString(8)} ${stat.isFile() ? stat.size : ''}`
        })
    : []
