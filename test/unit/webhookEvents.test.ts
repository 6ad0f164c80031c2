import { describe, expect, it } from 'vitest'

import { contentChange } from '../../hooks/emitWebhookEvents'
import { eventBody, isWebhookSecret, newMessageId, newWebhookSecret } from '../../lib/webhooks/events'

describe('contentChange', () => {
  it.each([
    ['create', undefined, 'published', 'published'],
    ['create', undefined, 'draft', undefined],
    ['update', 'draft', 'published', 'published'],
    ['update', 'published', 'published', 'updated'],
    ['update', 'published', 'draft', 'unpublished'],
    ['update', 'draft', 'draft', undefined],
    ['update', undefined, 'published', 'published'],
  ] as const)('%s from %s to %s is %s', (operation, before, after, event) => {
    expect(contentChange(operation, before, after)).toBe(event)
  })
})

describe('webhook secrets, ids and bodies', () => {
  it('generates secrets of the form API.md requires, and checks given ones', () => {
    const secrets = Array.from({ length: 50 }, newWebhookSecret)
    expect(new Set(secrets).size).toBe(50)
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
      expect(isWebhookSecret(secret)).toBe(true)
    }
    expect(isWebhookSecret('whsec_' + Buffer.alloc(24).toString('base64'))).toBe(true)
    for (const bad of ['', 'whsec_', 'whsec_abc', 'WHSEC_' + Buffer.alloc(24).toString('base64'), Buffer.alloc(24).toString('base64'), 'whsec_' + Buffer.alloc(32).toString('base64'), 'whsec_' + Buffer.alloc(24, 255).toString('base64url')]) {
      expect(isWebhookSecret(bad)).toBe(false)
    }
  })

  it('makes a new msg_ id each time', () => {
    const ids = Array.from({ length: 100 }, newMessageId)
    expect(new Set(ids).size).toBe(100)
    expect(ids.every((id) => /^msg_[A-Za-z0-9_-]{22}$/.test(id))).toBe(true)
  })

  it('writes the body with its keys in API.md\'s order', () => {
    const body = eventBody('article.updated', { collection: 'articles', id: 4, slug: 'hi-4', title: 'Hi', status: 'published' }, new Date('2026-01-02T03:04:05.678Z'))
    expect(body).toBe('{"type":"article.updated","timestamp":"2026-01-02T03:04:05.678Z","data":{"collection":"articles","id":4,"slug":"hi-4","title":"Hi","status":"published"}}')
  })
})
