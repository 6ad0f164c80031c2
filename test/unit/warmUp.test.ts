import { describe, expect, it } from 'vitest'

import { warmAdminUi, warmGraphql } from '../../lib/warmUp'

describe('warmAdminUi', () => {
  it('asks the handler for the login page once, on a port it closes again', async () => {
    const asked: string[] = []
    let port = 0
    await warmAdminUi((req, res) => {
      asked.push(`${req.method} ${req.url}`)
      port = req.socket.localPort ?? 0
      res.end('<html></html>')
    }, '/control')
    expect(asked).toEqual(['GET /control/login'])
    await expect(fetch(`http://127.0.0.1:${port}/control/login`)).rejects.toThrow()
  })

  it('resolves, its port closed, when the handler fails the request: its first visitor would have met the same', async () => {
    let port = 0
    const warming = warmAdminUi((req) => {
      port = req.socket.localPort ?? 0
      req.socket.destroy()
    }, '/admin')
    await expect(warming).resolves.toEqual(expect.any(Number))
    expect(port).toBeGreaterThan(0)
    await expect(fetch(`http://127.0.0.1:${port}/admin/login`)).rejects.toThrow()
  })
})

describe('warmGraphql', () => {
  it('posts the smallest query to the GraphQL route once, and reads the answer', async () => {
    const asked: string[] = []
    const took = await warmGraphql(async (request, clientIp) => {
      asked.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('content-type')} ${await request.text()} ${clientIp}`)
      return Response.json({ data: { __typename: 'Query' } })
    }, '/cms-api/graphql')
    expect(asked).toEqual(['POST /cms-api/graphql application/json {"query":"{ __typename }"} 127.0.0.1'])
    expect(took).toEqual(expect.any(Number))
  })

  it('resolves when the handler throws: the first query would have met the same', async () => {
    await expect(warmGraphql(() => Promise.reject(new Error('no schema')), '/cms-api/graphql')).resolves.toEqual(expect.any(Number))
  })
})
