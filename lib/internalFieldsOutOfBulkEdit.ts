import type { CollectionConfig, Field } from 'payload'

/** Whether editors can neither see nor change the field in the edit view: values the service keeps by itself. */
const isInternal = (field: Field): boolean => Boolean(field.admin && ('hidden' in field.admin && field.admin.hidden || 'readOnly' in field.admin && field.admin.readOnly))

/**
 * Payload's bulk edit offers every data field unless it is `admin.disableBulkEdit` (it skips neither `admin.hidden`
 * nor `admin.readOnly`), so it would let editors overwrite an email hash, a counter link or a moderation flag. The
 * fields it descends into (groups, rows, collapsibles, tabs) are walked too.
 */
const withoutBulkEdit = (field: Field): Field => {
  if (field.type === 'tabs') return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: tab.fields.map(withoutBulkEdit) })) }
  // Bulk edit offers an array as a whole, but the fields of groups, rows and collapsibles one by one.
  const withChildren = 'fields' in field && field.type !== 'array' ? { ...field, fields: field.fields.map(withoutBulkEdit) } : field
  return isInternal(field) ? ({ ...withChildren, admin: { ...withChildren.admin, disableBulkEdit: true } } as Field) : withChildren
}

/** The collection with its hidden and read-only fields out of the admin UI's bulk edit. */
export const withInternalFieldsOutOfBulkEdit = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  fields: collection.fields.map(withoutBulkEdit),
})
