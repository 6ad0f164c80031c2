/**
 * The keys leading to a value inside `value` (itself included: `[]`) that `matches`, one nearest the top, or
 * `undefined`.
 *
 * It walks a request's whole body, so its cost is bounded by the body's size: without recursion (a 1 MB body can
 * nest deeper than the call stack), with no object made per value (an entry and a record per element made a 1 MB
 * array of zeros take 500 ms), and gathering the keys only for the value found. A value inside is tested when its
 * container is opened; only objects and arrays are kept for later.
 */
export const firstPathWhere = (value: unknown, matches: (value: unknown) => boolean): string[] | undefined => {
  if (matches(value)) return []
  // Containers still to open, each with its key and its parent's index in these same arrays.
  const containers: object[] = []
  const keys: (string | number)[] = []
  const parents: number[] = []
  const pathTo = (index: number, last: string | number): string[] => {
    const path = [String(last)]
    for (let at = index; at > 0; at = parents[at] ?? 0) path.push(String(keys[at]))
    return path.reverse()
  }
  const visit = (child: unknown, key: string | number, parent: number): string[] | undefined => {
    if (matches(child)) return pathTo(parent, key)
    if (child !== null && typeof child === 'object') {
      containers.push(child)
      keys.push(key)
      parents.push(parent)
    }
    return undefined
  }
  if (value === null || typeof value !== 'object') return undefined
  containers.push(value)
  keys.push('')
  parents.push(0)
  for (let index = 0; index < containers.length; index++) {
    const container = containers[index] as Record<string, unknown>
    if (Array.isArray(container)) {
      for (let position = 0; position < container.length; position++) {
        const found = visit(container[position], position, index)
        if (found) return found
      }
    } else {
      for (const key of Object.keys(container)) {
        const found = visit(container[key], key, index)
        if (found) return found
      }
    }
  }
  return undefined
}
