/** Optional strings are `null` in the contract when unset, never missing or empty. */
export const optionalString = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

export const numberOr = (value: unknown, fallback = 0): number => (typeof value === 'number' ? value : fallback)

export const isoDate = (value: unknown): string => new Date(String(value)).toISOString()

/** The id of a relationship, whether it came populated (`{id, ...}`) or not. */
export const relationId = (value: unknown): number | null => {
  if (typeof value === 'number') return value
  if (value && typeof value === 'object' && 'id' in value) return Number((value as { id: unknown }).id)
  return null
}

export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

export type Doc = Record<string, unknown> & { id: number | string }
