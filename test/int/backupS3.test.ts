import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as tar from 'tar'

import { createBackup } from '../../lib/backup/createBackup'
import { restoreBackup } from '../../lib/backup/restoreBackup'
import { readEnv } from '../../lib/env'
import { mediaDirOf } from '../../lib/mediaDir'
import { bootService, type BootedService } from '../helpers/bootService'
import { uploadImage } from '../helpers/media'
import { startLocalS3, type LocalS3 } from '../helpers/s3Server'
import { spawnServer } from '../helpers/serverProcess'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase'

const SECRET = 'test-secret-not-for-production'

type Target = { dataDir: string; database: TestDatabase }

describe('backup and restore with media on S3', () => {
  let s3: LocalS3
  let service: BootedService
  let work: string
  let archive: string
  let imageUrl: string
  const targets: Target[] = []

  const newTarget = async (): Promise<Target> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-s3-restore-'))
    const target = { dataDir, database: await createTestDatabase(dataDir) }
    targets.push(target)
    return target
  }
  const envOf = (target: Target, vars: Record<string, string> = {}) =>
    readEnv({ NODE_ENV: 'test', PAYLOAD_SECRET: SECRET, DATA_DIR: target.dataDir, DATABASE_URL: target.database.url, ...vars })

  beforeAll(async () => {
    s3 = await startLocalS3()
    service = await bootService(s3.env)
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-s3-backup-'))
    archive = path.join(work, 'site.tar.gz')
    const media = await uploadImage(service.payload, 'harbour')
    imageUrl = media.url!
  })

  afterAll(async () => {
    for (const target of targets) {
      await target.database.drop()
      fs.rmSync(target.dataDir, { recursive: true, force: true })
    }
    await service?.stop()
    await s3?.stop()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('a backup holds the database and names the bucket instead of media files', async () => {
    const { manifest } = await createBackup({ env: service.env, output: archive })
    expect(manifest.media).toEqual({ files: [], bytes: 0, bucket: { name: s3.bucket, endpoint: s3.endpoint } })
    const entries: string[] = []
    await tar.list({ file: archive, onReadEntry: (entry) => void entries.push(entry.path) })
    expect(entries.sort()).toEqual(['database/' + path.basename(manifest.database.path), 'manifest.json'].sort())
    expect((await s3.keys()).length).toBe(3)
  })

  it('restoring it without S3_BUCKET is refused and changes nothing', async () => {
    const target = await newTarget()
    await expect(restoreBackup({ env: envOf(target), archive })).rejects.toThrow(
      `This archive was made with media on the S3 bucket "${s3.bucket}" at ${s3.endpoint} and holds none of them, but S3_BUCKET is not set. Nothing was changed.`,
    )
    expect(fs.readdirSync(target.dataDir).filter((name) => !name.startsWith('test.db'))).toEqual([])
  })

  it('restoring it with S3_BUCKET brings the database back, leaves the disk alone, and the media are served', async () => {
    const target = await newTarget()
    const result = await restoreBackup({ env: envOf(target, s3.env), archive })
    expect(result.manifest.media.bucket?.name).toBe(s3.bucket)
    expect(fs.existsSync(mediaDirOf(target.dataDir))).toBe(false)

    const server = spawnServer({ ...s3.env, PAYLOAD_SECRET: SECRET, DATA_DIR: target.dataDir, DATABASE_URL: target.database.url, ADMIN: 'false' })
    try {
      const base = await server.ready
      const res = await fetch(new URL(imageUrl, base))
      expect(res.status).toBe(200)
      const key = path.posix.basename(imageUrl)
      expect(Buffer.from(await res.arrayBuffer()).equals(await s3.read(key))).toBe(true)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })
})
