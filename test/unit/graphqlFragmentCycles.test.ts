import { describe, expect, it } from 'vitest'

import { hasFragmentCycle } from '../../lib/graphqlFragmentCycles'

describe('hasFragmentCycle', () => {
  it.each([
    ['two fragments spreading each other', 'query { ...F } fragment F on Query { ...G } fragment G on Query { ...F }', true],
    ['a fragment spreading itself', 'query { ...F } fragment F on Query { a { ...F } }', true],
    ['a longer loop', 'query { ...A } fragment A on Q { ...B } fragment B on Q { x { ...C } } fragment C on Q { ...A }', true],
    ['a diamond, no loop', 'query { ...A } fragment A on Q { ...B ...C } fragment B on Q { ...D } fragment C on Q { ...D } fragment D on Q { id }', false],
    ['no fragments', '{ Articles { docs { id } } }', false],
    ['a spread of a fragment that is not defined', 'query { ...Missing }', false],
    ['a query that does not parse', 'query { ...F', false],
  ])('%s: %s', (_, query, expected) => {
    expect(hasFragmentCycle(query)).toBe(expected)
  })

  it('walks a chain of thousands of fragments without running out of stack', () => {
    const chain = Array.from({ length: 5_000 }, (_, index) => `fragment F${index} on Q { ...F${index + 1} }`).join(' ')
    expect(hasFragmentCycle(`query { ...F0 } ${chain} fragment F5000 on Q { ...F0 }`)).toBe(true)
    expect(hasFragmentCycle(`query { ...F0 } ${chain} fragment F5000 on Q { id }`)).toBe(false)
  })
})
