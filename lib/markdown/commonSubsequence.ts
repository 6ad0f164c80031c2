/**
 * Above this many cells (16 MB) the table of a longest common subsequence is not built: only the common start and end
 * of the lists are paired. An edit changes a few blocks, so what lies between them is small; a table for two texts of
 * 80,000 blocks would take 25 GB.
 */
const MAX_TABLE_CELLS = 4_000_000

/** Pairs of a longest common subsequence of two short lists, by dynamic programming. */
const tablePairs = (a: string[], b: string[]): [number, number][] => {
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
    }
  }
  const pairs: [number, number][] = []
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++])
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++
    else j++
  }
  return pairs
}

/**
 * Pairs [a index, b index] of a longest common subsequence of two lists of strings, in order. Their common start and
 * end pair up first (some longest subsequence always holds them); the rest too large for a table pairs nothing.
 */
export const commonSubsequence = (a: string[], b: string[]): [number, number][] => {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let [endA, endB] = [a.length, b.length]
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) [endA, endB] = [endA - 1, endB - 1]
  const [middleA, middleB] = [a.slice(start, endA), b.slice(start, endB)]
  const middle = middleA.length * middleB.length <= MAX_TABLE_CELLS ? tablePairs(middleA, middleB) : []
  return [
    ...Array.from({ length: start }, (_, index): [number, number] => [index, index]),
    ...middle.map(([i, j]): [number, number] => [start + i, start + j]),
    ...Array.from({ length: a.length - endA }, (_, offset): [number, number] => [endA + offset, endB + offset]),
  ]
}
