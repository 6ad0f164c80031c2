import type { Payload } from 'payload'

import { CATEGORIES_SLUG } from '../../collections/Categories'
import { ApiError } from '../http/apiError'

/** `categoryId` must name an existing category of the given type, else the write is a 400 on that field. */
export const checkCategory = async (payload: Payload, id: number, type: 'article' | 'project'): Promise<number> => {
  const category = await payload.findByID({ collection: CATEGORIES_SLUG, id, depth: 0, disableErrors: true, overrideAccess: true })
  if (!category || category.type !== type) {
    throw new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path: 'categoryId', message: `no ${type} category has id ${id}` }])
  }
  return id
}
