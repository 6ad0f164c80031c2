import type { Carousel } from '../../payload-types'
import type { AdminCarouselRecord } from '../contracts/admin/carousels'
import type { CarouselItem } from '../contracts/home'
import { isoDate, numberOr, optionalString } from './common'

export const carouselItem = (doc: Pick<Carousel, 'id' | 'title' | 'imageUrl' | 'linkUrl'>): CarouselItem => ({
  id: doc.id,
  title: doc.title,
  imageUrl: doc.imageUrl,
  linkUrl: optionalString(doc.linkUrl),
})

export const adminCarouselRecord = (doc: Carousel): AdminCarouselRecord => ({
  ...carouselItem(doc),
  order: numberOr(doc.order),
  status: doc.status,
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})
