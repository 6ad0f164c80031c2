import etag from 'etag'

/** A counted answer's bytes and weak ETag. */
export type CountedAnswer = { bytes: Buffer<ArrayBuffer>; etag: string }

/**
 * A JSON body served with fresh counters, serialised once: the body is written with marker numbers in place of the
 * counters and cut around them, and each answer joins the pieces with the current values. Counted routes answer
 * every request with new counts, so without this they would serialise the same record on every view. The ETag is
 * the hash of the cut body and the values (`W/"<len>-<hash>.<value>.<value>"`), so the pieces are hashed once.
 */
export type CountedBody<Name extends string> = (values: Record<Name, number>) => CountedAnswer

/** Numbers JSON writes as they are and no counter reaches; a body holding one elsewhere is not cut (see below). */
const markerOf = (index: number) => 9_007_199_254_000_000 + index

const tagged = (json: string): CountedAnswer => {
  const bytes = Buffer.from(json)
  return { bytes, etag: etag(bytes, { weak: true }) }
}

export const countedBody = <Name extends string>(names: readonly Name[], serialise: (markers: Record<Name, number>) => string): CountedBody<Name> => {
  const markers = Object.fromEntries(names.map((name, index) => [name, markerOf(index)])) as Record<Name, number>
  const json = serialise(markers)
  const places = names.map((name) => ({ name, text: String(markers[name]), at: json.indexOf(String(markers[name])) }))
  // A marker missing, or written twice (the same digits in a text), cannot be cut safely: serialise every time.
  if (places.some(({ text, at }) => at < 0 || json.indexOf(text, at + 1) >= 0)) {
    return (values) => tagged(serialise(values))
  }
  places.sort((a, b) => a.at - b.at)
  const pieces: Buffer[] = []
  let from = 0
  for (const { text, at } of places) {
    pieces.push(Buffer.from(json.slice(from, at)))
    from = at + text.length
  }
  pieces.push(Buffer.from(json.slice(from)))
  const template = etag(json).slice(1, -1)
  return (values) => {
    const parts: Buffer[] = [pieces[0]!]
    for (let index = 0; index < places.length; index++) parts.push(Buffer.from(String(values[places[index]!.name]), 'latin1'), pieces[index + 1]!)
    return { bytes: Buffer.concat(parts), etag: `W/"${template}${names.map((name) => `.${values[name]}`).join('')}"` }
  }
}
