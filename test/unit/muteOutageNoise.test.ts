import { describe, expect, it } from 'vitest'

import { DatabaseUnavailableError } from '../../lib/db/databaseUnavailable'
import { muteOutageNoise } from '../../lib/db/muteOutageNoise'

const logged = (...args: unknown[]) => {
  const records: unknown[][] = []
  muteOutageNoise.call(undefined, args, (...written: unknown[]) => records.push(written))
  return records
}

describe('muteOutageNoise', () => {
  it('drops records whose error says the database is unreachable', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(logged({ err: refused, msg: 'Error: cannot begin transaction' })).toEqual([])
    expect(logged({ err: new DatabaseUnavailableError(refused) })).toEqual([])
  })

  it('keeps everything else', () => {
    const bug = new TypeError('x is undefined')
    expect(logged({ err: bug }, 'unhandled error')).toEqual([[{ err: bug }, 'unhandled error']])
    expect(logged('Listening on http://localhost:3000')).toEqual([['Listening on http://localhost:3000']])
    expect(logged({ reason: 'connect ECONNREFUSED' }, 'Database unreachable')).toHaveLength(1)
  })
})
