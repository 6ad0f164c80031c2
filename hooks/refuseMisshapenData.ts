import { APIError, type CollectionBeforeOperationHook, type FlattenedField, type GlobalBeforeOperationHook, ValidationError } from 'payload'

import { isPlainObject } from '../lib/plainObject'

const isDate = (value: unknown): boolean =>
  (typeof value === 'string' || typeof value === 'number' || value instanceof Date) && !Number.isNaN(new Date(value).getTime())

/** The times Payload keeps of every document: their columns take no `null` (Postgres said so with a 500). */
const TIMESTAMPS = new Set(['createdAt', 'updatedAt'])

/** A date as Payload takes one (ISO text, a time in milliseconds), or none where the field may have none. */
const fitsDate = (value: unknown, field: FlattenedField): boolean =>
  isDate(value) || (!TIMESTAMPS.has(field.name) && (value === null || value === ''))

/**
 * What a value must be for Payload's field hooks and the database adapters to read it at all. Given anything else
 * they threw before validation could answer: a group of `null` ("Cannot read properties of null"), an array of `null`
 * (in the adapter's write), an email of `-1` (`value.toLowerCase is not a function`), a date of `1e20` (Postgres):
 * a 500 for an admin's mistake.
 */
const SHAPES: Partial<Record<FlattenedField['type'], { fits: (value: unknown, field: FlattenedField) => boolean; message: string }>> = {
  group: { fits: isPlainObject, message: 'must be an object' },
  array: { fits: Array.isArray, message: 'must be a list' },
  blocks: { fits: Array.isArray, message: 'must be a list' },
  email: { fits: (value) => typeof value === 'string' || value === null, message: 'must be text' },
  date: { fits: fitsDate, message: 'must be a date' },
}

const misshapenFields = (fields: FlattenedField[], data: unknown) =>
  isPlainObject(data)
    ? fields.flatMap((field) => {
        const shape = SHAPES[field.type]
        const value = data[field.name]
        return shape && value !== undefined && !shape.fits(value, field) ? [{ path: field.name, message: shape.message }] : []
      })
    : []

/**
 * A save with no body, or one that is no object (`[]`, `"x"`): the hooks read fields of it and Payload answered 500.
 * An upload may send its file alone (no `_payload` field): the collection's required fields then speak.
 */
const NOT_AN_OBJECT = 'The body must be a JSON object of the fields to save.'

const sendsNoFields = (data: unknown, req: unknown): boolean =>
  !isPlainObject(data) && !(data === undefined && Reflect.get(Object(req), 'file') !== undefined)

/** A save whose top-level values have a shape their fields cannot take is a 400 naming them, before any hook runs. */
export const refuseMisshapenData: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  const data: unknown = Reflect.get(args, 'data')
  if ((operation === 'create' || operation === 'update') && sendsNoFields(data, req)) throw new APIError(NOT_AN_OBJECT, 400, undefined, true)
  const errors = misshapenFields(collection.flattenedFields, data)
  if (errors.length > 0) throw new ValidationError({ collection: collection.slug, errors })
  return args
}

export const refuseMisshapenGlobalData: GlobalBeforeOperationHook = ({ args, global }) => {
  const errors = misshapenFields(global.flattenedFields, Reflect.get(args, 'data'))
  if (errors.length > 0) throw new ValidationError({ global: global.slug, errors })
  return args
}
