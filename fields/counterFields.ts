import type { Field, NumberField, RelationshipField } from 'payload'

import { COUNTERS_SLUG, type CounterColumn } from '../collections/Counters'

export const COUNTERS_FIELD = 'counters'

/**
 * The record's row of counters. Set once when the record is created (hooks/counterRows.ts) and kept for good: an
 * update, a restore or a client never points it elsewhere.
 */
const countersRelation: RelationshipField = {
  name: COUNTERS_FIELD,
  type: 'relationship',
  relationTo: COUNTERS_SLUG,
  admin: { hidden: true },
  hooks: {
    beforeChange: [({ operation, originalDoc, value }) => (operation === 'update' && originalDoc?.[COUNTERS_FIELD] != null ? originalDoc[COUNTERS_FIELD] : value)],
  },
}

/**
 * A counter (views, likes, downloads) shown on the record: read-only in the admin UI, sortable and filterable like a
 * stored field, its value living in the record's counters row. The API changes it atomically (lib/db/counters.ts),
 * never through a normal update.
 */
const counterField = (name: string, label: string, column: CounterColumn): NumberField => ({
  name,
  type: 'number',
  label,
  virtual: `${COUNTERS_FIELD}.${column}`,
  admin: { readOnly: true, position: 'sidebar' },
})

export type CounterFieldSpec = { name: string; label: string; column: CounterColumn }

/** The hidden link to the counters row, then one virtual field per counter. */
export const counterFields = (specs: CounterFieldSpec[]): Field[] => [countersRelation, ...specs.map(({ name, label, column }) => counterField(name, label, column))]
