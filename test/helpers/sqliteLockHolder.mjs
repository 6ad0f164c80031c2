// Another process writing to the same SQLite file: takes the write lock, says "locked", and keeps it for argv[3] ms.
// (libsql runs statements on the caller's thread, so a lock held by the test's own process could never be released
// while the service waits on it.) The service writes on its own too (the jobs runner renews its lease every poll):
// the holder waits for such a write to end rather than failing on it.
import { createClient } from '@libsql/client'

const [url, holdMs] = process.argv.slice(2)
const client = createClient({ url })
await client.execute('PRAGMA busy_timeout = 10000')
const transaction = await client.transaction('write')
process.stdout.write('locked\n')
setTimeout(async () => {
  await transaction.rollback()
  client.close()
}, Number(holdMs))
