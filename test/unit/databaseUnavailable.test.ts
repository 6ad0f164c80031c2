import { describe, expect, it } from 'vitest'

import { DatabaseUnavailableError, isDatabaseUnavailable, isOutage, unavailableCause } from '../../lib/db/databaseUnavailable'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

/** What drizzle throws around a driver error. */
const drizzleWrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection (Postgres stopped)', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a terminated backend', withCode('terminating connection due to administrator command', '57P01')],
    ['the server starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a socket closed under a query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['SQLite still locked after busy_timeout', withCode('SQLITE_BUSY: database is locked', 'SQLITE_BUSY')],
    ['a transaction that could not begin', new Error('Error: cannot begin transaction: connect ECONNREFUSED 127.0.0.1:5432')],
    ['a transaction whose connection was terminated as it began', new Error('Error: cannot begin transaction: terminating connection due to administrator command')],
    ['a wrapped driver error', drizzleWrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
    ['one address of several refused', drizzleWrapped(new AggregateError([withCode('refused', 'ECONNREFUSED')]))],
    ['MongoDB without a server', Object.assign(new Error('Server selection timed out'), { name: 'MongoServerSelectionError' })],
  ])('yes for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a missing table', drizzleWrapped(withCode('relation "nope" does not exist', '42P01'))],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT: NOT NULL constraint failed', 'SQLITE_CONSTRAINT')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'ECONNREFUSED'],
  ])('no for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it('finds the driver error that says why, under the wrappers', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')
    expect(unavailableCause(new DatabaseUnavailableError(drizzleWrapped(refused)))).toBe(refused)
  })

  it('stops following causes that loop', () => {
    const looping: Error & { cause?: unknown } = new Error('outer')
    looping.cause = looping
    expect(isDatabaseUnavailable(looping)).toBe(false)
  })
})

describe('isOutage', () => {
  it('tells a database that is gone from one that is only busy', () => {
    expect(isOutage(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true)
    expect(isOutage(withCode('terminating connection due to administrator command', '57P01'))).toBe(true)
    expect(isOutage(withCode('SQLITE_BUSY: database is locked', 'SQLITE_BUSY'))).toBe(false)
    expect(isOutage(withCode('sorry, too many clients already', '53300'))).toBe(false)
  })
})

describe('DatabaseUnavailableError', () => {
  it('is a public 503 that Payload can mute by name', () => {
    const error = new DatabaseUnavailableError(new Error('x'))
    expect(error.status).toBe(503)
    expect(error.isPublic).toBe(true)
    expect(error.name).toBe(DatabaseUnavailableError.errorName)
  })
})
