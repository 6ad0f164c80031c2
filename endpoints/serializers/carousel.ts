import { type Doc, optionalString } from './common'

export const carouselItem = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  imageUrl: String(doc.imageUrl),
  linkUrl: optionalString(doc.linkUrl),
})
