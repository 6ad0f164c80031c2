/** A migration's SQLite transaction (drizzle's libsql session) and the `sql` tag of the adapter's drizzle-orm. */
export type SqliteMigrationDb = {
  run: (statement: unknown) => Promise<unknown>
  all: (statement: unknown) => Promise<unknown[]>
}
type RawTag = { raw: (text: string) => unknown }

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** `id integer PRIMARY KEY NOT NULL`, as drizzle-kit writes an integer id, with or without AUTOINCREMENT. */
const ID_COLUMN = /([`"]?id[`"]?\s+integer\s+PRIMARY\s+KEY)(\s+AUTOINCREMENT)?(\s+NOT\s+NULL)/i

type Definition = { table: string; sql: string }

/**
 * Orders tables so that every table comes after the tables it references (parents first); a cycle, which Payload's
 * schema does not have, keeps the remaining tables in the order given.
 */
const parentsFirst = (tables: string[], parentsOf: Map<string, string[]>): string[] => {
  const ordered: string[] = []
  const pending = new Set(tables)
  while (pending.size > 0) {
    const ready = [...pending].filter((table) => (parentsOf.get(table) ?? []).every((parent) => parent === table || !pending.has(parent)))
    for (const table of ready.length > 0 ? ready : [...pending]) {
      ordered.push(table)
      pending.delete(table)
    }
  }
  return ordered
}

/**
 * Rebuilds `tables` with (or, for `down`, without) AUTOINCREMENT on their integer `id`, keeping every row, id,
 * index and trigger. SQLite has no ALTER for it, so each table is dropped and created again.
 *
 * Payload runs a migration inside a transaction, where `PRAGMA foreign_keys=OFF` does nothing, and libsql turns
 * foreign keys on: a DROP TABLE then deletes the table's rows first, and ON DELETE CASCADE / SET NULL would empty or
 * unlink the rows that point at them (versions, rels, arrays, counters links). So every table that references a
 * rebuilt one, directly or through others, is copied aside first, emptied children first (nothing is left for a
 * cascade to reach), and filled again from the copy, parents first, once the rebuilt tables exist.
 *
 * Each rebuilt table's sqlite_sequence starts at its highest id, or at the highest `parent_id` of its versions table
 * (`_<table>_v`) when that is higher, so an id that a version still remembers is not handed out again.
 */
export const rebuildIdColumns = async (db: SqliteMigrationDb, sql: RawTag, tables: string[], autoIncrement: boolean): Promise<void> => {
  const run = (text: string) => db.run(sql.raw(text))
  const all = async (text: string) => (await db.all(sql.raw(text))) as Record<string, unknown>[]

  const definitions = (await all(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`))
    .map((row) => ({ table: String(row.name), sql: String(row.sql) }))
    .filter((definition) => !/^CREATE\s+VIRTUAL/i.test(definition.sql))
  const existing = new Map(definitions.map((definition) => [definition.table, definition]))

  const rebuilt: Definition[] = []
  for (const table of tables) {
    const definition = existing.get(table)
    if (!definition) continue
    const match = ID_COLUMN.exec(definition.sql)
    if (!match) throw new Error(`${table}: no "id integer PRIMARY KEY NOT NULL" column to change`)
    if (Boolean(match[2]) === autoIncrement) continue
    const sqlText = definition.sql.replace(ID_COLUMN, (_, head: string, __, tail: string) => `${head}${autoIncrement ? ' AUTOINCREMENT' : ''}${tail}`)
    rebuilt.push({ table, sql: sqlText })
  }
  if (rebuilt.length === 0) return

  const parentsOf = new Map<string, string[]>()
  for (const { table } of definitions) {
    const keys = await all(`SELECT DISTINCT "table" AS parent FROM pragma_foreign_key_list(${literal(table)})`)
    parentsOf.set(
      table,
      keys.map((key) => String(key.parent)),
    )
  }
  // Every table whose rows a DROP of a rebuilt table could reach through ON DELETE actions.
  const reached = new Set(rebuilt.map(({ table }) => table))
  for (let grew = true; grew; ) {
    grew = false
    for (const [table, parents] of parentsOf) {
      if (!reached.has(table) && parents.some((parent) => reached.has(parent))) {
        reached.add(table)
        grew = true
      }
    }
  }
  const order = parentsFirst([...reached], parentsOf)
  const changed = new Map(rebuilt.map(({ table, sql: text }) => [table, text]))
  // The tables that reference them are made again as they were (their rows back from the copy).
  const definitionOf = new Map(order.map((table) => [table, changed.get(table) ?? existing.get(table)!.sql]))
  const columnsOf = new Map<string, string>()
  for (const table of order) {
    const columns = await all(`SELECT name FROM pragma_table_info(${literal(table)})`)
    columnsOf.set(table, columns.map((column) => quote(String(column.name))).join(', '))
  }
  // A table's indexes go with its DROP. Triggers and views go first, all of them: one that names a dropped table
  // would fail the next DROP, and none may fire while the rows are put back.
  const indexes = await all(`SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${order.map(literal).join(', ')})`)
  const triggersAndViews = await all(`SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY type = 'trigger'`)
  const violationsBefore = (await all('PRAGMA foreign_key_check')).length

  // The copies go to a temp file: libsql's build keeps temp tables in memory, and they hold the whole database.
  await run('PRAGMA temp_store = FILE')
  for (const { type, name } of [...triggersAndViews].reverse()) await run(`DROP ${type === 'view' ? 'VIEW' : 'TRIGGER'} ${quote(String(name))}`)
  for (const table of order) await run(`CREATE TEMP TABLE ${quote(`__keep_${table}`)} AS SELECT * FROM ${quote(table)}`)
  // Children first: no table is dropped while another still references it (SQLite would run its ON DELETE actions,
  // and fails on a child whose other parent is already gone).
  for (const table of [...order].reverse()) await run(`DROP TABLE ${quote(table)}`)
  for (const table of order) {
    await run(definitionOf.get(table)!)
    const columns = columnsOf.get(table)!
    await run(`INSERT INTO ${quote(table)} (${columns}) SELECT ${columns} FROM temp.${quote(`__keep_${table}`)}`)
    await run(`DROP TABLE temp.${quote(`__keep_${table}`)}`)
  }
  for (const { sql: text } of [...indexes, ...triggersAndViews]) await run(String(text))

  const rebuiltNames = [...changed.keys()].map(literal).join(', ')
  if (autoIncrement) {
    await run(`DELETE FROM sqlite_sequence WHERE name IN (${rebuiltNames})`)
    for (const table of changed.keys()) {
      const versions = `_${table}_v`
      const highest = [`(SELECT max(id) FROM ${quote(table)})`, ...(existing.has(versions) ? [`(SELECT max(parent_id) FROM ${quote(versions)})`] : [])]
      await run(`INSERT INTO sqlite_sequence (name, seq) VALUES (${literal(table)}, max(${highest.map((value) => `coalesce(${value}, 0)`).join(', ')}, 0))`)
    }
  } else if ((await all(`SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'`)).length > 0) {
    await run(`DELETE FROM sqlite_sequence WHERE name IN (${rebuiltNames})`)
  }

  const violationsAfter = (await all('PRAGMA foreign_key_check')).length
  if (violationsAfter > violationsBefore) throw new Error(`Rebuilding the id columns left ${violationsAfter - violationsBefore} broken references`)
}
