import etag from 'etag'
import { describe, expect, it } from 'vitest'

import { countedBody } from '../../endpoints/http/countedBody'

describe('countedBody', () => {
  const serialise = (text: string) => (counters: { views: number; likes: number }) =>
    JSON.stringify({ data: { likes: counters.likes, text, views: counters.views } })

  it('answers exactly the bytes serialising with those counters would, whatever their order in the body', () => {
    const body = countedBody(['views', 'likes'], serialise('héllo ✓'))
    for (const values of [{ views: 0, likes: 0 }, { views: 1234567, likes: 3 }]) {
      expect(body(values).bytes.toString()).toBe(serialise('héllo ✓')(values))
    }
  })

  it('tags each answer by its body: the same record and counts the same tag, any other difference another', () => {
    const body = countedBody(['views', 'likes'], serialise('hello'))
    const tag = body({ views: 12, likes: 3 }).etag
    expect(tag).toMatch(/^W\/"[0-9a-f]+-[\w+/]+\.12\.3"$/)
    expect(body({ views: 12, likes: 3 }).etag).toBe(tag)
    const others = [body({ views: 1, likes: 23 }).etag, body({ views: 123, likes: 0 }).etag, countedBody(['views', 'likes'], serialise('hellO'))({ views: 12, likes: 3 }).etag]
    expect(new Set([tag, ...others]).size).toBe(4)
  })

  it('serialises every time when a marker also appears in the record, so no text is ever replaced', () => {
    let calls = 0
    const counting = (counters: { views: number; likes: number }) => {
      calls++
      return serialise('see 9007199254000000 here')(counters)
    }
    const body = countedBody(['views', 'likes'], counting)
    const answer = body({ views: 5, likes: 6 })
    expect(answer.bytes.toString()).toBe(serialise('see 9007199254000000 here')({ views: 5, likes: 6 }))
    expect(answer.etag).toBe(etag(answer.bytes, { weak: true }))
    expect(calls).toBe(2)
  })
})
