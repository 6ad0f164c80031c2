// `npm run restore -- <file> [--force]`: restores an archive of `npm run backup` into the database DATABASE_URL
// selects and DATA_DIR/media. Refuses a target with content unless --force. Stop the service first. docs/backups.md.
import { bucketNote } from '../lib/backup/mediaInBucket'
import { restoreBackup } from '../lib/backup/restoreBackup'
import { runCommand } from '../lib/backup/runCommand'
import { readEnv } from '../lib/env'

await runCommand('Usage: npm run restore -- <file.tar.gz> [--force]   (--force replaces a database and media folder that hold content)', async (archive, force) => {
  const { manifest, replacedContent, milliseconds } = await restoreBackup({ env: readEnv(process.env), archive, force })
  return [
    `Restored the backup of ${manifest.createdAt} in ${(milliseconds / 1000).toFixed(1)} s${replacedContent ? ' (the previous content was replaced)' : ''}`,
    `  database: ${manifest.database.kind}, ${manifest.migrations.length} migrations recorded (latest: ${manifest.migrations.at(-1)?.name ?? 'none'})`,
    manifest.media.bucket ? `  media: ${bucketNote(manifest.media.bucket)}` : `  media: ${manifest.media.files.length} files`,
    'Start the service to serve it.',
  ].join('\n')
})
