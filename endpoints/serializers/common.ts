/** Optional strings are `null` in the contract when unset, never missing or empty. */
export const optionalString = (value: string | null | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null)

export const numberOr = (value: number | null | undefined, fallback = 0): number => (typeof value === 'number' ? value : fallback)

export const isoDate = (value: string): string => new Date(value).toISOString()

/** The id of a relationship, whether it came populated (`{id, ...}`) or not. */
export const relationId = (value: number | { id: number } | null | undefined): number | null => {
  if (typeof value === 'number') return value
  return value ? value.id : null
}

/** A populated relationship, or null when it came as a bare id (not populated, or not readable by the caller). */
export const populated = <T extends object>(value: number | T | null | undefined): T | null =>
  value && typeof value === 'object' ? value : null
