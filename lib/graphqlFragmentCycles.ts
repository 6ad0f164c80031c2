import { type DocumentNode, Kind, parse, visit } from 'graphql'

/** The fragments each fragment of a document spreads, by name. */
const spreadsByFragment = (document: DocumentNode): Map<string, string[]> => {
  const spreads = new Map<string, string[]>()
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue
    const names: string[] = []
    visit(definition.selectionSet, { FragmentSpread: (node) => void names.push(node.name.value) })
    spreads.set(definition.name.value, names)
  }
  return spreads
}

/**
 * Whether a GraphQL query's fragments spread each other in a cycle (`fragment F on Query { ...G }` and G spreading F).
 * GraphQL's own validation refuses such a query, but the complexity limit Payload runs beside it recurses through
 * the cycle until the stack runs out: a 500. A query that does not parse is no cycle (Payload answers it).
 */
export const hasFragmentCycle = (query: string): boolean => {
  let document: DocumentNode
  try {
    document = parse(query)
  } catch {
    return false
  }
  const spreads = spreadsByFragment(document)
  const done = new Set<string>()
  for (const start of spreads.keys()) {
    if (done.has(start)) continue
    // Depth-first, without recursion: `path` holds the fragments on the way down from `start`.
    const path = new Set<string>([start])
    const stack: { name: string; next: number }[] = [{ name: start, next: 0 }]
    while (stack.length > 0) {
      const top = stack.at(-1)!
      const child = spreads.get(top.name)?.[top.next++]
      if (child === undefined) {
        stack.pop()
        path.delete(top.name)
        done.add(top.name)
        continue
      }
      if (path.has(child)) return true
      if (done.has(child) || !spreads.has(child)) continue
      path.add(child)
      stack.push({ name: child, next: 0 })
    }
  }
  return false
}
