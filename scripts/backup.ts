// `npm run backup -- <file> [--force]`: writes a consistent snapshot of the database and the media files into one
// archive (tar.gz) while the service runs. Uses the service's environment (DATABASE_URL, DATA_DIR). docs/backups.md.
import { byteSize } from '../lib/backup/byteSize'
import { createBackup } from '../lib/backup/createBackup'
import { bucketNote } from '../lib/backup/mediaInBucket'
import { runCommand } from '../lib/backup/runCommand'
import { readEnv } from '../lib/env'

await runCommand('Usage: npm run backup -- <file.tar.gz> [--force]   (--force replaces an existing file)', async (output, overwrite) => {
  const { file, bytes, manifest, milliseconds } = await createBackup({ env: readEnv(process.env), output, overwrite })
  const latest = manifest.migrations.at(-1)?.name ?? 'none'
  return [
    `Backup written to ${file} (${byteSize(bytes)}) in ${(milliseconds / 1000).toFixed(1)} s`,
    `  database: ${manifest.database.kind}, ${byteSize(manifest.database.bytes)}; ${manifest.migrations.length} migrations recorded (latest: ${latest})`,
    manifest.media.bucket ? `  media: ${bucketNote(manifest.media.bucket)}` : `  media: ${manifest.media.files.length} files, ${byteSize(manifest.media.bytes)}`,
  ].join('\n')
})
