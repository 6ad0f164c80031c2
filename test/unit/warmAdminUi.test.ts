import { describe, expect, it } from 'vitest'

import { warmAdminUi } from '../../lib/warmAdminUi'

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
