import type { TextareaField, TextField } from 'payload'

type Args = { name: string; maxLength: number; required?: boolean; multiline?: boolean; admin?: TextField['admin'] }

/**
 * Text limited in Unicode code points, as people count characters: an emoji is one, where Payload's own
 * `maxLength` would count two. The same rule then holds in the admin UI and the API.
 */
export const plainTextField = ({ name, maxLength, required = false, multiline = false, admin }: Args): TextField | TextareaField =>
  ({
    name,
    type: multiline ? 'textarea' : 'text',
    required,
    admin,
    validate: (value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : ''
      if (!text) return required ? 'This field is required.' : true
      return Array.from(text).length <= maxLength ? true : `At most ${maxLength} characters.`
    },
  }) as TextField | TextareaField
