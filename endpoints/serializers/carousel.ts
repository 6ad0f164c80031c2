import type { Carousel } from '../../payload-types'
import { isoDate, numberOr, optionalString } from './common'

export const carouselItem = (doc: Pick<Carousel, 'id' | 'title' | 'imageUrl' | 'linkUrl'>) => ({
  id: doc.id,
  title: doc.title,
  imageUrl: doc.imageUrl,
  linkUrl: optionalString(doc.linkUrl),
})

export const adminCarouselRecord = (doc: Carousel) => ({
  ...carouselItem(doc),
  order: numberOr(doc.order),
  status: doc.status,
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})
