import { describe, expect, it } from 'vitest'

import { countedBody } from '../../endpoints/http/countedBody'

describe('countedBody', () => {
  const serialise = (text: string) => (counters: { views: number; likes: number }) =>
    JSON.stringify({ data: { likes: counters.likes, text, views: counters.views } })

  it('answers exactly what serialising with those counters would, whatever their order in the body', () => {
    const body = countedBody(['views', 'likes'], serialise('hello'))
    for (const values of [{ views: 0, likes: 0 }, { views: 1234567, likes: 3 }]) expect(body(values)).toBe(serialise('hello')(values))
  })

  it('serialises every time when a marker also appears in the record, so no text is ever replaced', () => {
    let calls = 0
    const counting = (counters: { views: number; likes: number }) => {
      calls++
      return serialise('see 9007199254000000 here')(counters)
    }
    const body = countedBody(['views', 'likes'], counting)
    expect(body({ views: 5, likes: 6 })).toBe(serialise('see 9007199254000000 here')({ views: 5, likes: 6 }))
    expect(calls).toBe(2)
  })
})
