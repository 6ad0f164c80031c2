import { describe, expect, it } from 'vitest'

import { isSafeUrl } from '../../lib/safeUrl'

describe('isSafeUrl', () => {
  it.each(['https://example.com/a.png', 'http://localhost:3000/x?y=1', '/media/photo.jpg', '/'])('accepts %s', (url) => {
    expect(isSafeUrl(url)).toBe(true)
  })

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'ftp://example.com/file',
    'example.com/page',
    'https:/example.com',
    '/path with space',
    '',
  ])('refuses %s', (url) => {
    expect(isSafeUrl(url)).toBe(false)
  })
})
