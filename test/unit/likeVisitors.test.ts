import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { likeHasher, VISITOR_ID_PATTERN } from '../../lib/likeVisitors'

describe('VISITOR_ID_PATTERN', () => {
  it.each(['abcdefgh', 'A'.repeat(64), 'a1_B2-c3', '0123456789'])('accepts %s', (id) => {
    expect(VISITOR_ID_PATTERN.test(id)).toBe(true)
  })

  it.each(['', 'abcdefg', 'a'.repeat(65), 'abc defgh', 'abcd.efgh', 'abcdéfgh', 'abcdefgh\n', '<script>x'])('refuses %j', (id) => {
    expect(VISITOR_ID_PATTERN.test(id)).toBe(false)
  })
})

describe('likeHasher', () => {
  const hash = likeHasher('secret-one')

  it('is stable for one secret, and differs with another secret', () => {
    const visitor = { kind: 'visitor', id: 'abcdefgh' } as const
    expect(hash.visitor(visitor)).toBe(likeHasher('secret-one').visitor(visitor))
    expect(hash.visitor(visitor)).not.toBe(likeHasher('secret-two').visitor(visitor))
    expect(hash.visitor(visitor)).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('keeps users, visitor ids and IPs apart even when their text is the same', () => {
    const values = [hash.visitor({ kind: 'user', id: '12345678' }), hash.visitor({ kind: 'visitor', id: '12345678' }), hash.ip('12345678')]
    expect(new Set(values).size).toBe(3)
  })

  it('is not a plain hash of the id', () => {
    const id = 'abcdefgh'
    const stored = hash.visitor({ kind: 'visitor', id })
    for (const text of [id, `visitor:${id}`]) expect(stored).not.toBe(createHash('sha256').update(text).digest('base64url'))
  })
})
