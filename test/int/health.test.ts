import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService

beforeAll(async () => {
  service = await bootService()
})

afterAll(async () => {
  await service?.stop()
})

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const res = await service.request().get('/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, data: { status: 'ok', db: service.database.kind } })
  })
})
