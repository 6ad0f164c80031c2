import { describe, expect, it } from 'vitest'

import { DatabaseUnavailableError } from '../../lib/db/databaseUnavailable'
import { serviceLogMethod } from '../../lib/serviceLogMethod'

const ERROR = 50

/** What the hook writes for one record: through the level's own method, or as a line at info. */
const logged = (level: number, ...args: unknown[]) => {
  const written: unknown[][] = []
  const info: unknown[][] = []
  serviceLogMethod.call({ info: (...line: unknown[]) => info.push(line) }, args, (...line: unknown[]) => written.push(line), level)
  return { written, info }
}

/** What drizzle throws for `/cms-api/articles?where[id][in]=a,b` on SQLite. */
const notANumberQuery = () =>
  Object.assign(new Error('Failed query: select count(*) from "articles" where "articles"."id" in (?, ?)\nparams: NaN,NaN'), {
    query: 'select count(*) from "articles" where "articles"."id" in (?, ?)',
    params: [Number.NaN, Number.NaN],
  })

describe('serviceLogMethod', () => {
  it('drops records whose error says the database is unreachable', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(logged(ERROR, { err: refused, msg: 'Error: cannot begin transaction' })).toEqual({ written: [], info: [] })
    expect(logged(ERROR, { err: new DatabaseUnavailableError(refused) })).toEqual({ written: [], info: [] })
  })

  it("writes Payload's error record of a client's mistake as one line at info, without its stack", () => {
    const mistake = notANumberQuery()
    expect(logged(ERROR, { err: mistake })).toEqual({ written: [], info: [[{ msg: mistake.message }]] })
    const operator = new TypeError('adapter.operators[queryOperator] is not a function')
    expect(logged(ERROR, { err: operator })).toEqual({ written: [], info: [[{ msg: operator.message }]] })
    // sharp's refusal of a damaged upload, which Payload logs as the error itself.
    const damaged = new Error('vipspng: libpng read error')
    damaged.stack = `${damaged.message}\n    at Sharp.toBuffer (file:///app/node_modules/sharp/dist/output.mjs:159:17)\n    at createImageSizes (file:///app/x.js:1:1)`
    expect(logged(ERROR, damaged)).toEqual({ written: [], info: [[{ msg: damaged.message }]] })
    const fault = new Error('EACCES: permission denied, open /data/media/a.png')
    expect(logged(ERROR, fault)).toEqual({ written: [[fault]], info: [] })
    // Payload's APIError of a 4xx: a logout without a session, a spent reset token.
    for (const [message, status] of [['No User', 400], ['Token is either invalid or has expired.', 403]] as const) {
      const refusal = Object.assign(new Error(message), { name: 'APIError', status })
      expect(logged(ERROR, { err: refusal })).toEqual({ written: [], info: [[{ msg: message }]] })
    }
  })

  it('keeps everything else as it came', () => {
    const bug = new TypeError('x is undefined')
    expect(logged(ERROR, { err: bug })).toEqual({ written: [[{ err: bug }]], info: [] })
    const fault = Object.assign(new Error('Something went wrong.'), { name: 'APIError', status: 500 })
    expect(logged(ERROR, { err: fault })).toEqual({ written: [[{ err: fault }]], info: [] })
    // The same kind of error logged by other code, with a message of its own, is that code's to judge.
    const mistake = notANumberQuery()
    expect(logged(ERROR, { err: mistake }, 'unhandled error')).toEqual({ written: [[{ err: mistake }, 'unhandled error']], info: [] })
    expect(logged(30, 'Listening on http://localhost:3000')).toEqual({ written: [['Listening on http://localhost:3000']], info: [] })
    expect(logged(ERROR, { reason: 'connect ECONNREFUSED' }, 'Database unreachable').written).toHaveLength(1)
  })
})
