import type { TextField } from 'payload'

import { isSafeUrl, SAFE_URL_MESSAGE } from '../lib/safeUrl'

type UrlFieldArgs = Partial<Omit<TextField, 'hasMany' | 'maxRows' | 'minRows' | 'type'>> & { name: string }

const validateUrl = (value: unknown, required: boolean): string | true => {
  if (value === null || value === undefined || value === '') return required ? 'This field is required.' : true
  const values = Array.isArray(value) ? value : [value]
  return values.every((item) => typeof item === 'string' && isSafeUrl(item)) ? true : `URL ${SAFE_URL_MESSAGE}`
}

/** A text field holding a URL, checked by the house URL rule. */
export const urlField = ({ required = false, ...rest }: UrlFieldArgs): TextField =>
  ({
    type: 'text',
    required,
    validate: (value: unknown) => validateUrl(value, required),
    admin: { placeholder: 'https://…', ...rest.admin },
    ...rest,
  }) as TextField

/** A list of URLs (screenshots). */
export const urlListField = ({ name, ...rest }: UrlFieldArgs): TextField =>
  ({
    name,
    type: 'text',
    hasMany: true,
    validate: (value: unknown) => validateUrl(value, false),
    ...rest,
  }) as TextField
