// Another process writing to the same SQLite file: takes the write lock, says "locked", and keeps it for argv[3] ms.
// (libsql runs statements on the caller's thread, so a lock held by the test's own process could never be released
// while the service waits on it.)
import { createClient } from '@libsql/client'

const [url, holdMs] = process.argv.slice(2)
const client = createClient({ url })
const transaction = await client.transaction('write')
process.stdout.write('locked\n')
setTimeout(async () => {
  await transaction.rollback()
  client.close()
}, Number(holdMs))
