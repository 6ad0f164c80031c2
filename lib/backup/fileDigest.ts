import { createHash } from 'node:crypto'
import fs from 'node:fs'

/** The size and SHA-256 of a file, read as a stream (a large database is never held in memory). */
export const fileDigest = async (file: string): Promise<{ bytes: number; sha256: string }> => {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    bytes += chunk.length
    hash.update(chunk)
  }
  return { bytes, sha256: hash.digest('hex') }
}
