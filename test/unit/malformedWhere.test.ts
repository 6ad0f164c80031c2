import { describe, expect, it } from 'vitest'

import { malformedWherePart } from '../../lib/queryablePaths'

describe('malformedWherePart', () => {
  it.each([
    [{}, undefined],
    [{ title: { equals: 'x' } }, undefined],
    [{ OR: [{ title: { like: 'x' } }, { and: { 0: { slug: { in: ['a'] } } } }] }, undefined],
    ['x', 'where must hold conditions'],
    [{ or: 'abc' }, 'where[or] must be a list of conditions'],
    [{ Or: [{ title: { equals: 'x' } }, null] }, 'where[Or][1] must hold conditions'],
    [{ and: [{ or: [{ title: 'x' }] }] }, 'where[and][0][or][0][title] must hold operators, such as where[and][0][or][0][title][equals]'],
    [{ title: ['equals'] }, 'where[title] must hold operators, such as where[title][equals]'],
  ])('%j: %s', (where, expected) => {
    expect(malformedWherePart(where)).toBe(expected)
  })
})
