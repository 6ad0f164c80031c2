import { z } from 'zod'

import { typeMessage } from './http/schemas'

const codePoints = (value: string) => Array.from(value).length

/** Trimmed text whose length is counted in Unicode code points (an emoji is one character, as people count). */
const text = (min: number, max: number) =>
  z
    .string({ error: typeMessage('a string') })
    .transform((value) => value.trim())
    .refine((value) => codePoints(value) >= min, 'is required')
    .refine((value) => codePoints(value) <= max, `must be at most ${max} characters`)

/** Optional fields: null, empty or blank mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : typeof value === 'string' ? value.trim() : value

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

export const wallMessageBody = z.strictObject({
  nickname: text(1, 50).optional(),
  content: text(1, 500),
  email: z.preprocess(blankToUndefined, z.email({ error: 'must be an email address' }).max(254).optional()),
  website: z.preprocess(
    blankToUndefined,
    z
      .string({ error: typeMessage('a string') })
      .max(2048, 'must be at most 2048 characters')
      .refine(isHttpUrl, 'must be an absolute http(s) URL')
      .optional(),
  ),
  /** Hidden from people by the site's form; bots fill it in. */
  homepage: z.unknown().optional(),
})

export type WallMessageBody = z.infer<typeof wallMessageBody>
