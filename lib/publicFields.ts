/**
 * A collection whose records the public site shows only in part lists the fields it shows in its config's
 * `custom.publicFields` (users: name and avatar). A save that changes none of them changes nothing an anonymous
 * visitor is served, so it leaves the public cache alone (hooks/clearPublicCache.ts).
 */
export const PUBLIC_FIELDS_KEY = 'publicFields'

const publicFieldsOf = (custom: Record<string, unknown> | undefined): string[] | undefined => {
  const fields = custom?.[PUBLIC_FIELDS_KEY]
  return Array.isArray(fields) && fields.every((field) => typeof field === 'string') ? fields : undefined
}

const valueOf = (doc: unknown, field: string): string => JSON.stringify(typeof doc === 'object' && doc !== null ? Reflect.get(doc, field) : undefined) ?? ''

/** True when the collection names its public fields and `doc` has the values `previousDoc` had in each. */
export const keepsPublicFields = (custom: Record<string, unknown> | undefined, previousDoc: unknown, doc: unknown): boolean => {
  const fields = publicFieldsOf(custom)
  return fields !== undefined && fields.every((field) => valueOf(previousDoc, field) === valueOf(doc, field))
}

/**
 * A collection whose records the public sees only in some states names them in its config's `custom.publicWhen`, as
 * field values a shown record has (wall messages: `{ status: 'approved' }`). A change to a record shown neither before
 * nor after (a message held for moderation, or caught as spam, and its deletion) changes nothing a visitor is served.
 */
export const PUBLIC_WHEN_KEY = 'publicWhen'

const shown = (when: Record<string, unknown>, doc: unknown): boolean =>
  typeof doc === 'object' && doc !== null && Object.entries(when).every(([field, value]) => Reflect.get(doc, field) === value)

/** True when the collection names when its records are shown and neither `previousDoc` nor `doc` is. */
export const hiddenBeforeAndAfter = (custom: Record<string, unknown> | undefined, previousDoc: unknown, doc: unknown): boolean => {
  const when = custom?.[PUBLIC_WHEN_KEY]
  return typeof when === 'object' && when !== null && !shown(when as Record<string, unknown>, previousDoc) && !shown(when as Record<string, unknown>, doc)
}

/**
 * A collection whose records only some public answers show names a cache scope in its config's
 * `custom.publicCacheScope`, and those answers keep themselves under it (endpoints/http/publicResponse.ts): a change
 * to one of its records clears that scope, not everything (an anonymous wall message leaves home and articles cached).
 */
export const PUBLIC_CACHE_SCOPE_KEY = 'publicCacheScope'

/** The cache scope a collection declares, if any. */
export const cacheScopeOf = (custom: Record<string, unknown> | undefined): string | undefined => {
  const scope = custom?.[PUBLIC_CACHE_SCOPE_KEY]
  return typeof scope === 'string' && scope !== '' ? scope : undefined
}
