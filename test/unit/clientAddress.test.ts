import { describe, expect, it } from '@jest/globals'
import express from 'express'
import supertest from 'supertest'

import { clientAddressOf } from '../../endpoints/http/clientAddress'

/** What Express's `req.ip` and `clientAddressOf` say of one request, side by side. */
const both = async (trustProxy: boolean, forwardedFor: string[]) => {
  const app = express()
  app.set('trust proxy', trustProxy)
  app.get('/', (req, res) => {
    res.json({ express: req.ip, ours: clientAddressOf(req, trustProxy) })
  })
  let request = supertest(app).get('/')
  for (const value of forwardedFor) request = request.set('X-Forwarded-For', value)
  return (await request).body as { express: string; ours: string }
}

describe('clientAddressOf', () => {
  it.each([
    [[]],
    [['203.0.113.7']],
    [['203.0.113.7, 10.0.0.1']],
    [['  203.0.113.7  ,10.0.0.1']],
    [[', ,2001:db8::1, 10.0.0.1']],
    [['not an address, 10.0.0.1']],
    [[',']],
  ])('gives the address Express gives, trusted or not: X-Forwarded-For %j', async (forwardedFor) => {
    for (const trustProxy of [true, false]) {
      const { express: expected, ours } = await both(trustProxy, forwardedFor)
      expect(ours).toBe(expected)
    }
  })
})
