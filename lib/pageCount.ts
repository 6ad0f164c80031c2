/** How many pages of `limit` items `total` items fill. */
export const pageCount = (total: number, limit: number): number => Math.ceil(total / limit)
