import { type Doc, isoDate, numberOr, optionalString } from './common'

/** `fileUrl` is deliberately absent: downloads go through the counting redirect. */
export const resourceListItem = (doc: Doc) => ({
  id: Number(doc.id),
  title: String(doc.title),
  description: optionalString(doc.description),
  fileSize: optionalString(doc.fileSize),
  downloadCount: numberOr(doc.downloadCount),
  createdAt: isoDate(doc.createdAt),
})
