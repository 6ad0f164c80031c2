import type { Resource } from '../../payload-types'
import type { AdminResourceRecord } from '../contracts/admin/resources'
import type { ResourceListItem } from '../contracts/resources'
import { isoDate, numberOr, optionalString } from './common'

/** `fileUrl` is deliberately absent: downloads go through the counting redirect. */
export const resourceListItem = (doc: Pick<Resource, 'id' | 'title' | 'description' | 'fileSize' | 'downloadCount' | 'createdAt'>): ResourceListItem => ({
  id: doc.id,
  title: doc.title,
  description: optionalString(doc.description),
  fileSize: optionalString(doc.fileSize),
  downloadCount: numberOr(doc.downloadCount),
  createdAt: isoDate(doc.createdAt),
})

/** A resource in `/api/admin`, with its file's address and status. */
export const adminResourceRecord = (doc: Resource): AdminResourceRecord => ({
  id: doc.id,
  title: doc.title,
  description: optionalString(doc.description),
  fileUrl: doc.fileUrl,
  fileSize: optionalString(doc.fileSize),
  downloadCount: numberOr(doc.downloadCount),
  status: doc.status,
  createdAt: isoDate(doc.createdAt),
  updatedAt: isoDate(doc.updatedAt),
})
