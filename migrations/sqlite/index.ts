import type { SqlMigrations } from '../../lib/databaseAdapter'

export const migrations: SqlMigrations['list'] = []
