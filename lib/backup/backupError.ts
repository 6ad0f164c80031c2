/** A backup or restore that cannot go on: its message is shown to the operator as it is, and nothing was changed. */
export class BackupError extends Error {
  override name = 'BackupError'
}
