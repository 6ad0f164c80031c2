// A thread that runs read-only SQL on its own connection to the SQLite file (sqliteReader.ts starts it). libsql runs
// statements synchronously: on the main thread a full-text search held the event loop for its whole duration. Plain
// JavaScript, so that the same file runs under `npm start`, tsx and Jest without a build.
import { parentPort, workerData } from 'node:worker_threads'

import Database from 'libsql'

/** Prepared statements by their text: the callers' statements come in a few shapes, their values as parameters. */
const MAX_STATEMENTS = 64

const db = new Database(workerData.path)
db.exec(`PRAGMA busy_timeout = ${Number(workerData.busyTimeoutMs) || 0}`)
db.exec('PRAGMA query_only = ON')

const statements = new Map()

const prepared = (sql) => {
  let statement = statements.get(sql)
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.clear()
    statement = db.prepare(sql)
    statements.set(sql, statement)
  }
  return statement
}

parentPort.on('message', (message) => {
  if (message.close) {
    db.close()
    parentPort.close()
    return
  }
  try {
    parentPort.postMessage({ id: message.id, value: prepared(message.sql).all(message.args) })
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error?.message ?? String(error), code: error?.code } })
  }
})
