import type { FlattenedBlock, FlattenedField, Payload, SanitizedCollectionConfig, Sort, Where } from 'payload'

import { mayQueryAccountField } from '../access/queryableAccountFields'
import { isPlainObject } from './plainObject'

/** A collection's config by a slug that comes from a field's config (a string, not one of the generated slugs). */
const collectionConfig = (payload: Payload, slug: string): SanitizedCollectionConfig | undefined =>
  payload.config.collections.find((collection) => collection.slug === slug)

const blockConfig = (payload: Payload, slug: string): FlattenedBlock | undefined =>
  payload.config.blocks?.find((block) => block.slug === slug)

/**
 * Payload reads `and`/`or` in any case (GraphQL writes `AND`/`OR`), and their parts as a list or an indexed object.
 * Undefined: `key` is a field's; null: the parts are neither.
 */
const logicalParts = (key: string, constraint: unknown): unknown[] | null | undefined => {
  const lower = key.toLowerCase()
  if (lower !== 'and' && lower !== 'or') return undefined
  return Array.isArray(constraint) ? constraint : isPlainObject(constraint) ? Object.values(constraint) : null
}

/** Operators that compare text: their operand is one text (or a number); on a date field Payload writes SQL the database refuses (a 500). */
const TEXT_OPERATORS = new Set(['contains', 'like', 'not_like'])
const isTextOperand = (operand: unknown): boolean => typeof operand === 'string' || typeof operand === 'number'

/**
 * The first part of a `where` that is not the shape Payload reads, as the client wrote its address; none when it is
 * well formed. Payload walks a text where it expects an object, character by character (and through the methods a
 * library added to String.prototype): `where[or]=<15 KB>` was answered with a 428 KB list of "invalid paths".
 */
export const malformedWherePart = (where: unknown, at = 'where'): string | undefined => {
  if (!isPlainObject(where)) return `${at} must hold conditions`
  for (const [key, constraint] of Object.entries(where)) {
    const parts = logicalParts(key, constraint)
    if (parts === undefined) {
      if (!isPlainObject(constraint)) return `${at}[${key}] must hold operators, such as ${at}[${key}][equals]`
      // Payload's SQL adapters split a `like` operand as text: a list (`like[]=a`) was a 500.
      const notText = Object.entries(constraint).find(([operator, operand]) => TEXT_OPERATORS.has(operator) && !isTextOperand(operand))
      if (notText) return `${at}[${key}][${notText[0]}] must be text`
      continue
    }
    if (parts === null) return `${at}[${key}] must be a list of conditions`
    for (const [index, part] of parts.entries()) {
      const malformed = malformedWherePart(part, `${at}[${key}][${index}]`)
      if (malformed) return malformed
    }
  }
  return undefined
}

/** One condition of a `where`: an operator on a field's path (none when the field's constraint holds no operator). */
type Condition = { path: string; operator?: string; operand?: unknown }

/**
 * Every condition of a `where`, through `and`/`or` at any depth. GraphQL writes `a__b` for `a.b`, as Payload reads it;
 * `prefix` is the path of the relationship a nested query (`contains` with a query of its own) is about.
 */
const conditionsOf = (where: unknown, prefix = ''): Condition[] => {
  if (!isPlainObject(where)) return []
  return Object.entries(where).flatMap(([key, constraint]): Condition[] => {
    const parts = logicalParts(key, constraint)
    if (parts !== undefined) return (parts ?? []).flatMap((part) => conditionsOf(part, prefix))
    const path = `${prefix}${key.replace(/__/g, '.')}`
    const operators = isPlainObject(constraint) ? Object.entries(constraint) : []
    return operators.length === 0 ? [{ path }] : operators.map(([operator, operand]) => ({ path, operator, operand }))
  })
}

/** Every field path a `where` names, the paths through a relationship of its nested queries included. */
const wherePaths = (where: unknown, prefix = ''): string[] =>
  conditionsOf(where, prefix).flatMap(({ path, operand }) => [path, ...wherePaths(operand, `${path}.`)])

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

type PathStep = { collection: SanitizedCollectionConfig; segment: string; atRoot: boolean; field?: FlattenedField }

/**
 * The steps of a path through a collection's fields, into the collections its relationships lead to (every one of a
 * relationship to several), until a segment names no field: what Payload would join and compare.
 */
const stepsOf = (payload: Payload, collection: SanitizedCollectionConfig, segments: string[]): PathStep[] => {
  const steps: PathStep[] = []
  let fields = collection.flattenedFields
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!
    const atRoot = fields === collection.flattenedFields
    const field = fields.find((candidate) => candidate.name === segment)
    steps.push({ collection, segment, atRoot, field })
    if (!field) {
      // The versions of a collection: `version.<field>` and `parent.<field>` (the record itself).
      if (atRoot && collection.versions && segment === 'version') continue
      if (atRoot && collection.versions && segment === 'parent') return [...steps, ...stepsOf(payload, collection, segments.slice(index + 1))]
      return steps
    }
    const targets = targetsOf(field)
    if (targets.length > 0) {
      // A relationship to several collections is queried as `<field>.value.<path>` or `<field>.relationTo`.
      const rest = targets.length > 1 && segments[index + 1] === 'value' ? segments.slice(index + 2) : segments.slice(index + 1)
      const further = targets.map((slug) => collectionConfig(payload, slug))
      return [...steps, ...further.flatMap((target) => (target && rest.length > 0 ? stepsOf(payload, target, rest) : []))]
    }
    const subFields = subFieldsOf(payload, field)
    if (!subFields) return steps
    fields = subFields
  }
  return steps
}

/**
 * Does this path reach a field of an account (an auth collection) that `user` may not query (access/queryableAccountFields.ts),
 * from `collection` or through any relationship on the way? Paths that name no field are left to Payload, which refuses them.
 */
export const reachesClosedAccountField = (payload: Payload, user: unknown, collection: SanitizedCollectionConfig, segments: string[]): boolean =>
  stepsOf(payload, collection, segments).some((step) => step.atRoot && step.collection.auth && !mayQueryAccountField(user, step.segment))

/**
 * Fields whose values are long text. A filter or sort on one reads every document's text: one condition on the
 * articles' content took 240 ms of the event loop with 10,000 of them on SQLite, a sort by their excerpt 200 ms.
 */
const LONG_TEXT_TYPES = new Set<FlattenedField['type']>(['textarea', 'richText', 'json', 'code'])

const reachesLongText = (payload: Payload, collection: SanitizedCollectionConfig, segments: string[]): boolean =>
  stepsOf(payload, collection, segments).some((step) => step.field !== undefined && LONG_TEXT_TYPES.has(step.field.type))

/** Whether the database keeps an index on a field's column (the adapters index single relationships of their own accord). */
const isIndexed = (field: FlattenedField): boolean =>
  ('index' in field && field.index === true) ||
  ('unique' in field && field.unique === true) ||
  ((field.type === 'relationship' || field.type === 'upload') && field.hasMany !== true && !Array.isArray(field.relationTo))

/**
 * The first sort path that would make the database order every document by a column without an index (a sort of the
 * 10,000 articles by title took 150-200 ms of the event loop on SQLite), if any: anything but `id`, an indexed field
 * of the collection itself, or a field its own default sort names.
 */
export const unindexedSortPath = (collection: SanitizedCollectionConfig, sort: Sort | undefined): string | undefined => {
  const ownDefault = new Set(sortPaths(collection.defaultSort))
  return sortPaths(sort).find((path) => {
    if (path === 'id' || ownDefault.has(path)) return false
    const field = collection.flattenedFields.find((candidate) => candidate.name === path)
    return field === undefined || !isIndexed(field)
  })
}

/** Operators whose operand is a list: Payload also splits a text operand at its commas (REST's `in=a,b,c`). */
const LIST_OPERATORS = new Set(['in', 'not_in', 'all'])

const listLength = (operand: unknown): number =>
  Array.isArray(operand) ? operand.length : typeof operand === 'string' ? operand.split(',').length : 1

const textLength = (operand: unknown): number =>
  typeof operand === 'string' ? operand.length : Array.isArray(operand) ? Math.max(0, ...operand.map(textLength)) : 0

/**
 * How large a `where` is: its conditions (one per operator on a field, through `and`/`or` at any depth), the values
 * its lists hold together, and its longest text operand.
 */
export const whereSize = (where: unknown): { conditions: number; listedValues: number; longestText: number } => {
  const conditions = conditionsOf(where)
  const size = { conditions: conditions.length, listedValues: 0, longestText: 0 }
  for (const { operator, operand } of conditions) {
    const listed = operator !== undefined && LIST_OPERATORS.has(operator)
    if (listed) size.listedValues += listLength(operand)
    size.longestText = Math.max(size.longestText, textLength(listed && typeof operand === 'string' ? operand.split(',') : operand))
  }
  return size
}

/** Operators no index serves: text matching and negations read every document's value. */
const SCANNING_OPERATORS = new Set(['contains', 'like', 'not_like', 'not_equals', 'not_in', 'exists'])

/** Whether the database finds a condition's documents through indexes: its operator can use one, and every field on its path has one. */
const answeredByIndex = (payload: Payload, collection: SanitizedCollectionConfig, { path, operator }: Condition): boolean => {
  if (operator === undefined) return true
  if (SCANNING_OPERATORS.has(operator)) return false
  if (path === 'id') return true
  return stepsOf(payload, collection, path.split('.')).every((step) => step.field !== undefined && isIndexed(step.field))
}

/** The first condition of a `where` for which the database reads every document of the collection, if any. */
export const scanningCondition = (payload: Payload, collection: SanitizedCollectionConfig, where: unknown): string | undefined => {
  const scanning = conditionsOf(where).find((condition) => !answeredByIndex(payload, collection, condition))
  return scanning && `${scanning.path} ${scanning.operator}`
}

/** The first `path operator` of a `where` that compares a date field as text, if any. */
export const textOperatorOnDate = (payload: Payload, collection: SanitizedCollectionConfig, where: unknown): string | undefined => {
  const misused = conditionsOf(where).find(
    ({ path, operator }) => operator !== undefined && TEXT_OPERATORS.has(operator) && stepsOf(payload, collection, path.split('.')).at(-1)?.field?.type === 'date',
  )
  return misused && `${misused.path} ${misused.operator}`
}

type QueriedPaths = { where?: Where; sort?: Sort; field?: string }

const queriedPaths = ({ where, sort, field }: QueriedPaths): string[] => [...wherePaths(where), ...sortPaths(sort), ...(field ? [field] : [])]

/** The first path of a `where` or `sort` that reaches an account field `user` may not query, if any. */
export const closedAccountPath = (payload: Payload, user: unknown, collection: SanitizedCollectionConfig, query: QueriedPaths): string | undefined =>
  queriedPaths(query).find((path) => reachesClosedAccountField(payload, user, collection, path.split('.')))

/** The first path of a `where` or `sort` that reaches long text, if any. */
export const longTextPath = (payload: Payload, collection: SanitizedCollectionConfig, query: QueriedPaths): string | undefined =>
  queriedPaths(query).find((path) => reachesLongText(payload, collection, path.split('.')))
