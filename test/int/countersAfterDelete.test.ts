import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sqlOf } from '../../lib/db/rawSql'
import { bootService, type BootedService } from '../helpers/bootService'
import { createProject } from '../helpers/content'

let service: BootedService

beforeAll(async () => {
  service = await bootService()
})

afterAll(async () => {
  await service?.stop()
})

const countersRow = async (collection: 'projects' | 'resources', id: number) => {
  const doc = await service.payload.findByID({ collection, id, depth: 0, overrideAccess: true })
  return Number(doc.counters)
}
const view = async (id: number) => (await service.request().get(`/api/projects/${id}`)).body.data.viewCount as number
const download = (id: number) => service.request().get(`/api/resources/${id}/download`).redirects(0)

/**
 * The reported case: a project is viewed, deleted, a resource is created and takes the deleted project's counters row
 * id, and a new project takes the deleted project's id (the release before never-reused ids gave both out again; a
 * restore or another process can still meet such a state). The new project's views must land on its own row.
 */
describe('counts after a record was deleted and its ids taken by others', () => {
  it("counts a new project's views on its own row, not on the row a deleted one had", async () => {
    const db = await sqlOf(service.payload)
    if (!db) {
      console.log('counters after delete: needs SQL to give ids out again; skipped on MongoDB')
      return
    }
    const { sql, run } = db
    const gone = Number((await createProject(service.payload, { title: 'Deleted later' })).id)
    expect(await view(gone)).toBe(1)
    const goneRow = await countersRow('projects', gone)
    await service.payload.delete({ collection: 'projects', id: gone, overrideAccess: true })

    // A resource whose counters row has the deleted project's row id, and a project with the deleted project's id.
    const resource = Number((await service.payload.create({ collection: 'resources', data: { title: 'R', fileUrl: 'https://example.com/r.zip', status: 'active' }, overrideAccess: true })).id)
    const resourceRow = await countersRow('resources', resource)
    await run(sql`UPDATE resources SET counters_id = NULL WHERE id = ${resource}`)
    await run(sql`UPDATE counters SET id = ${goneRow} WHERE id = ${resourceRow}`)
    await run(sql`UPDATE resources SET counters_id = ${goneRow} WHERE id = ${resource}`)
    const fresh = Number((await createProject(service.payload, { title: 'Takes the id' })).id)
    // Its versions would hold the old id: they are not what is tested here.
    await run(sql`DELETE FROM _projects_v WHERE parent_id = ${fresh}`)
    await run(sql`UPDATE projects SET id = ${gone} WHERE id = ${fresh}`)

    const answers: number[] = []
    for (let n = 0; n < 5; n++) answers.push(await view(gone))
    expect(answers).toEqual([1, 2, 3, 4, 5])
    expect((await service.payload.findByID({ collection: 'projects', id: gone, overrideAccess: true })).viewCount).toBe(5)
    const resourceCounts = await service.payload.findByID({ collection: 'counters', id: goneRow, overrideAccess: true })
    expect(resourceCounts).toMatchObject({ views: 0, downloads: 0 })

    expect((await download(resource)).status).toBe(302)
    expect((await service.payload.findByID({ collection: 'resources', id: resource, overrideAccess: true })).downloadCount).toBe(1)
  })

  it('answers 404 for a deleted record and counts nothing anywhere', async () => {
    const project = Number((await createProject(service.payload, { title: 'Viewed, then deleted' })).id)
    expect(await view(project)).toBe(1)
    await service.payload.delete({ collection: 'projects', id: project, overrideAccess: true })
    const before = await service.payload.find({ collection: 'counters', limit: 0, depth: 0, overrideAccess: true })
    expect((await service.request().get(`/api/projects/${project}`)).status).toBe(404)
    const after = await service.payload.find({ collection: 'counters', limit: 0, depth: 0, overrideAccess: true })
    expect(after.docs).toEqual(before.docs)
  })
})
