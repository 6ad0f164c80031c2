import { describe, expect, it } from 'vitest'

import { contractViolation } from '../helpers/contractCheck'

const json = 'application/json; charset=utf-8'
const pagination = { page: 1, limit: 4, total: 0, pages: 0 }

describe('contractViolation (the check every integration answer goes through)', () => {
  it('passes an answer that fits its route', () => {
    expect(contractViolation('GET', '/api/articles', 200, json, JSON.stringify({ success: true, data: [], pagination }))).toBeUndefined()
  })

  it('catches a key the description does not have', () => {
    const body = JSON.stringify({ success: true, data: [], pagination, extra: 1 })
    expect(contractViolation('GET', '/api/articles', 200, json, body)).toMatch(/does not fit its schema/)
  })

  it('catches a renamed or mistyped key inside an item', () => {
    const item = { id: 1, title: 't', excerpt: '', date: '2026-01-01T00:00:00.000Z', category: null, cover: null, comments: 0, views: '3', slug: 't-1' }
    expect(contractViolation('GET', '/api/articles', 200, json, JSON.stringify({ success: true, data: [item], pagination }))).toMatch(/data\.0\.views/)
  })

  it('catches a route the description lacks', () => {
    expect(contractViolation('GET', '/api/secrets', 200, json, '{}')).toMatch(/no route of the description matches/)
    expect(contractViolation('PATCH', '/api/articles', 200, json, '{}')).toMatch(/no route of the description matches/)
  })

  it('catches a status the route does not describe', () => {
    expect(contractViolation('GET', '/api/home', 404, json, JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: 'x' } }))).toMatch(/status 404/)
  })

  it('catches a wrong media type and an error outside the envelope', () => {
    expect(contractViolation('GET', '/api/feeds/rss.xml', 200, 'text/html', '<html>')).toMatch(/Content-Type/)
    expect(contractViolation('GET', '/api/articles/x', 404, json, JSON.stringify({ error: 'not found' }))).toMatch(/does not fit/)
  })
})
