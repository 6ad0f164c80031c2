import crypto from 'node:crypto'

/**
 * Payload's current password hash, as in payload/dist/auth/strategies/local/generatePasswordSaltHash.js:
 * `pbkdf2-sha256-v1:` + hex of PBKDF2-SHA256 over 600,000 iterations, 32 bytes, with a hex salt.
 * test/int/loginThrottle.test.ts checks a hash Payload stored against this, so an upgrade that changes it fails there.
 */
export const PAYLOAD_HASH_PREFIX = 'pbkdf2-sha256-v1:'
const ITERATIONS = 600_000
const KEY_LENGTH = 32

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    crypto.pbkdf2(password, salt, ITERATIONS, KEY_LENGTH, 'sha256', (error, key) => (error ? reject(error) : resolve(key))),
  )

/** Whether `password` matches a hash and salt stored by Payload in its current format. */
export const matchesPayloadHash = async (password: string, salt: string, hash: string): Promise<boolean> => {
  if (!hash.startsWith(PAYLOAD_HASH_PREFIX)) return false
  const stored = Buffer.from(hash.slice(PAYLOAD_HASH_PREFIX.length), 'hex')
  const derived = await derive(password, salt)
  return derived.length === stored.length && crypto.timingSafeEqual(derived, stored)
}

const dummySalt = crypto.randomBytes(32).toString('hex')
const dummyHash = PAYLOAD_HASH_PREFIX + crypto.randomBytes(KEY_LENGTH).toString('hex')

/** Checks a password against a random hash: the same work Payload does for a real account, for an email that has none. */
export const checkAgainstDummyHash = (password: string): Promise<boolean> => matchesPayloadHash(password, dummySalt, dummyHash)
