import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SECRET_FILE = '.payload-secret'

/**
 * The secret that signs tokens. Production must set PAYLOAD_SECRET (checked in readEnv); in development one is
 * generated on first start and kept in the data folder, so tokens survive restarts.
 */
export const resolveSecret = (configured: string | undefined, dataDir: string): string => {
  if (configured) return configured
  const file = path.join(dataDir, SECRET_FILE)
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim()
    if (stored) return stored
  }
  const secret = randomBytes(32).toString('hex')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
