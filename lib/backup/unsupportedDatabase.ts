import type { DatabaseKind } from '../databaseSelection'
import { BackupError } from './backupError'

/** MongoDB has no backup here yet: said plainly rather than writing an archive that could not be restored. */
export function refuseUnsupportedDatabase(kind: DatabaseKind, action: 'back up' | 'restore'): asserts kind is 'postgres' | 'sqlite' {
  if (kind === 'mongodb') {
    throw new BackupError(
      `Cannot ${action} MongoDB: backup and restore support SQLite and Postgres only (see docs/backups.md). ` +
        'Use mongodump/mongorestore with your MongoDB deployment, and copy DATA_DIR/media beside it.',
    )
  }
}
