import type { FlattenedBlock, FlattenedField, Payload, SanitizedCollectionConfig, Sort, Where } from 'payload'

import { mayQueryAccountField } from '../access/queryableAccountFields'

/** A collection's config by a slug that comes from a field's config (a string, not one of the generated slugs). */
const collectionConfig = (payload: Payload, slug: string): SanitizedCollectionConfig | undefined =>
  payload.config.collections.find((collection) => collection.slug === slug)

const blockConfig = (payload: Payload, slug: string): FlattenedBlock | undefined =>
  payload.config.blocks?.find((block) => block.slug === slug)

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)

/**
 * Every field path a `where` names, through `and`/`or` at any depth, nested relationship queries (`contains` with a
 * query of its own) included as paths through the relationship. GraphQL writes `a__b` for `a.b`, as Payload reads it.
 */
export const wherePaths = (where: unknown, prefix = ''): string[] => {
  if (!isPlainObject(where)) return []
  return Object.entries(where).flatMap(([key, constraint]) => {
    if (key === 'and' || key === 'or') return Array.isArray(constraint) ? constraint.flatMap((part) => wherePaths(part, prefix)) : []
    const path = `${prefix}${key.replace(/__/g, '.')}`
    const nested = isPlainObject(constraint) ? Object.values(constraint).flatMap((value) => wherePaths(value, `${path}.`)) : []
    return [path, ...nested]
  })
}

/** The field paths a `sort` names (`-` for descending, commas between several). */
export const sortPaths = (sort: Sort | undefined): string[] =>
  (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : [])
    .map((entry) => entry.trim().replace(/^-/, '').replace(/__/g, '.'))
    .filter(Boolean)

/** Where a relationship, upload or join field leads: the collections a path may continue into. */
const targetsOf = (field: FlattenedField): string[] => {
  if (field.type === 'relationship' || field.type === 'upload') return [field.relationTo].flat()
  if (field.type === 'join') return [field.collection].flat()
  return []
}

/** The fields one level further down a group, array, named tab or blocks field (all blocks' fields together). */
const subFieldsOf = (payload: Payload, field: FlattenedField): FlattenedField[] | undefined => {
  if (field.type === 'blocks') {
    return (field.blockReferences ?? field.blocks).flatMap((block) => (typeof block === 'string' ? blockConfig(payload, block)?.flattenedFields ?? [] : block.flattenedFields))
  }
  return 'flattenedFields' in field ? field.flattenedFields : undefined
}

/**
 * Does this path reach a field of an account (an auth collection) that `user` may not query (access/queryableAccountFields.ts),
 * from `collection` or through any relationship on the way? Paths that name no field are left to Payload, which refuses them.
 */
export const reachesClosedAccountField = (payload: Payload, user: unknown, collection: SanitizedCollectionConfig, segments: string[]): boolean => {
  let fields = collection.flattenedFields
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!
    const atRoot = fields === collection.flattenedFields
    if (atRoot && collection.auth && !mayQueryAccountField(user, segment)) return true
    const field = fields.find((candidate) => candidate.name === segment)
    if (!field) {
      // The versions of a collection: `version.<field>` and `parent.<field>` (the record itself).
      if (atRoot && collection.versions && segment === 'version') continue
      if (atRoot && collection.versions && segment === 'parent') return reachesClosedAccountField(payload, user, collection, segments.slice(index + 1))
      return false
    }
    const targets = targetsOf(field)
    if (targets.length > 0) {
      // A relationship to several collections is queried as `<field>.value.<path>` or `<field>.relationTo`.
      const rest = targets.length > 1 && segments[index + 1] === 'value' ? segments.slice(index + 2) : segments.slice(index + 1)
      return targets.some((slug) => {
        const target = collectionConfig(payload, slug)
        return target !== undefined && rest.length > 0 && reachesClosedAccountField(payload, user, target, rest)
      })
    }
    const subFields = subFieldsOf(payload, field)
    if (!subFields) return false
    fields = subFields
  }
  return false
}

/** The first path of a `where` or `sort` that reaches an account field `user` may not query, if any. */
export const closedAccountPath = (
  payload: Payload,
  user: unknown,
  collection: SanitizedCollectionConfig,
  { where, sort, field }: { where?: Where; sort?: Sort; field?: string },
): string | undefined =>
  [...wherePaths(where), ...sortPaths(sort), ...(field ? [field] : [])].find((path) =>
    reachesClosedAccountField(payload, user, collection, path.split('.')),
  )
