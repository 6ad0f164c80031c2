/** Postgres refuses U+0000 in text (SQLite and MongoDB keep it): everywhere it is refused before it reaches a query. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)'

/**
 * The dotted path of the first string holding U+0000 in a value (`''` for the value itself), or `undefined`.
 * Walked without recursion: a 1 MB body can nest deeper than the call stack.
 */
export const nulCharacterPath = (value: unknown): string | undefined => {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }]
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === 'string') {
      if (visit.value.includes('\u0000')) return visit.path.join('.')
    } else if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, child] of Object.entries(visit.value)) pending.push({ value: child, path: [...visit.path, key] })
    }
  }
  return undefined
}
