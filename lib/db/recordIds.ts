/**
 * The largest id a record can have on every adapter. Postgres keeps ids in `serial` (int4) columns, and comparing
 * one with a larger number is an error there (`invalid input syntax` / `out of range for type integer`), not a miss:
 * such a number in a path names no record, on any adapter.
 */
export const MAX_RECORD_ID = 2_147_483_647

export const isRecordId = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= MAX_RECORD_ID

/**
 * Postgres `text` cannot hold U+0000, and a query comparing with a value that has one fails (`invalid byte sequence
 * for encoding "UTF8": 0x00`): such a value matches no stored text, on any adapter.
 */
export const isStorableText = (value: string): boolean => !value.includes('\u0000')
