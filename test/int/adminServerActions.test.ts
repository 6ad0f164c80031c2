import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serverActionRefusal } from '../../lib/adminServerActions'
import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'

// The guard before Next for the admin UI's server functions (lib/adminServerActions.ts); the e2e suite calls them
// over HTTP against the built admin UI (test/e2e/adminDetails.test.ts).
describe("the admin UI's server functions", () => {
  let service: BootedService

  beforeAll(async () => {
    service = await bootService()
  })

  afterAll(async () => {
    await service?.stop()
  })

  const ACTION = '40113cb035846ecc3a151534ff05e8b73b28ade7f7'
  const refusal = async (headers: Record<string, string>, method = 'POST') => {
    const answer = await serverActionRefusal(service.payload, { method, headers: new Headers(headers) })
    return answer && { status: answer.status, body: await answer.json() }
  }

  it('are open to anyone before the first account exists (its sign-up uses them), and only to staff after', async () => {
    expect(await refusal({ 'next-action': ACTION })).toBeUndefined()

    const admin = await createAccount(service.payload, 'admin')
    const editor = await createAccount(service.payload, 'editor')
    const member = await createAccount(service.payload, 'user')
    const cookie = async (email: string) => ({ cookie: `payload-token=${await loginToken(service, email)}` })

    expect(await refusal({ 'next-action': ACTION })).toEqual({ status: 401, body: { errors: [{ message: 'Unauthorized, you must be logged in to make this request.' }] } })
    expect(await refusal({ 'next-action': ACTION, cookie: 'payload-token=forged.token.value' })).toMatchObject({ status: 401 })
    expect(await refusal({ 'next-action': ACTION, ...(await cookie(member.email)) })).toEqual({
      status: 403,
      body: { errors: [{ message: 'You are not allowed to perform this action.' }] },
    })
    expect(await refusal({ 'next-action': ACTION, ...(await cookie(editor.email)) })).toBeUndefined()
    expect(await refusal({ 'next-action': ACTION, ...(await cookie(admin.email)) })).toBeUndefined()
    // An action posted as a form names itself in a field, not a header: any POST is held to the same.
    const form = { 'content-type': 'multipart/form-data; boundary=x' }
    expect(await refusal(form)).toMatchObject({ status: 401 })
    expect(await refusal({ ...form, ...(await cookie(member.email)) })).toMatchObject({ status: 403 })
    expect(await refusal({ ...form, ...(await cookie(editor.email)) })).toBeUndefined()
    // An editor's cookie sent along by another host's page is no session (Next would refuse the action with a 500).
    const editorCookie = await cookie(editor.email)
    expect(await refusal({ ...form, ...editorCookie, origin: 'http://evil.example', host: '127.0.0.1:3000' })).toMatchObject({ status: 401 })
    expect(await refusal({ ...form, ...editorCookie, origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).toBeUndefined()
    // Pages and everything else the admin UI serves are Next's to answer.
    expect(await refusal({}, 'GET')).toBeUndefined()
    expect(await refusal({}, 'HEAD')).toBeUndefined()
  })
})
