/**
 * Whether deep list pages are read ids first (the page's ids, then those rows by key) rather than in one query.
 * Postgres' date index does not hold the id that breaks ties, so one query sorts every skipped row whole (a page
 * 2,000 deep: 21 ms of SQL; 9 ms ids first). SQLite's index ends with the rowid, so one query already walks the
 * index alone, and two only cost more (~300 → ~200 req/s). Relies on the adapter's `name`.
 */
export const readsDeepPagesByIds = (db: { name: string }): boolean => db.name === 'postgres'
