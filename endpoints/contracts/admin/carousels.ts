import { z } from 'zod'

import { integer, oneOf, optionalUrl, requiredText, safeUrl, withDefault } from '../../http/schemas'
import { isoDateTime } from '../envelope'
import { carouselItemSchema } from '../home'
import { adminCrudContracts } from './crud'

export const CAROUSEL_STATUSES = ['active', 'inactive'] as const

export const carouselCreateSchema = z.strictObject({
  title: requiredText(200),
  imageUrl: safeUrl,
  linkUrl: optionalUrl,
  order: withDefault(integer(-1_000_000, 1_000_000)),
  status: withDefault(oneOf(CAROUSEL_STATUSES)),
})

// A status cannot be cleared.
export const carouselUpdateSchema = carouselCreateSchema.partial().extend({ status: oneOf(CAROUSEL_STATUSES).optional() })

export const adminCarouselRecordSchema = carouselItemSchema
  .extend({ order: z.number(), status: z.enum(CAROUSEL_STATUSES), createdAt: isoDateTime, updatedAt: isoDateTime })
  .meta({ id: 'AdminCarousel' })

export type AdminCarouselRecord = z.infer<typeof adminCarouselRecordSchema>

export const adminCarouselContracts = adminCrudContracts({
  path: 'carousels',
  label: 'Carousel',
  record: adminCarouselRecordSchema,
  createSchema: carouselCreateSchema,
  updateSchema: carouselUpdateSchema,
  keywordField: 'title',
  statuses: CAROUSEL_STATUSES,
  defaultLimit: 100,
})
