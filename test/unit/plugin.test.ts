import { describe, expect, it } from '@jest/globals'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { initI18n } from '@payloadcms/translations'
import { buildConfig, createClientConfig, type Config, type DatabaseAdapterObj, type Field } from 'payload'

import { blogPortfolio } from '../../index'
import { applyWallModeration } from '../../hooks/applyWallModeration'
import { boundExternalQueries } from '../../hooks/boundExternalQueries'

const OUR_SLUGS = [
  'users',
  'categories',
  'articles',
  'projects',
  'carousels',
  'resources',
  'media',
  'galleries',
  'skills',
  'wall-messages',
]

// Building a config never connects: the adapter is only a description until Payload's init.
const baseConfig = (extra: Partial<Config> = {}): Config => ({
  db: sqliteAdapter({ client: { url: 'file::memory:' } }),
  secret: 'test',
  telemetry: false,
  ...extra,
})

const fieldNames = (fields: Field[]) => fields.map((field) => ('name' in field ? field.name : undefined))

describe('blogPortfolio plugin', () => {
  it('adds every collection and the site global, and moves Payload REST to /cms-api', async () => {
    const config = await buildConfig({ ...baseConfig(), plugins: [blogPortfolio()] })
    expect(config.collections.map((collection) => collection.slug)).toEqual(expect.arrayContaining(OUR_SLUGS))
    expect(config.globals.map((global) => global.slug)).toEqual(['site'])
    expect(config.routes.api).toBe('/cms-api')
    expect(config.admin.user).toBe('users')
  })

  it('sets the defaults of API.md on the collections', async () => {
    const config = await buildConfig({ ...baseConfig(), plugins: [blogPortfolio()] })
    const field = (slug: string, name: string) =>
      config.collections.find((collection) => collection.slug === slug)!.fields.find((f) => 'name' in f && f.name === name) as {
        defaultValue?: unknown
        required?: boolean
        virtual?: unknown
      }
    expect(field('articles', 'status').defaultValue).toBe('draft')
    expect(field('articles', 'featured').defaultValue).toBe(false)
    // Counts live in the record's counters row, whose columns start at 0.
    expect(field('articles', 'viewCount').virtual).toBe('counters.views')
    expect(field('counters', 'views').defaultValue).toBe(0)
    expect(field('projects', 'status').defaultValue).toBe('draft')
    expect(field('carousels', 'status').defaultValue).toBe('active')
    expect(field('carousels', 'order').defaultValue).toBe(0)
    expect(field('resources', 'status').defaultValue).toBe('active')
    expect(field('resources', 'downloadCount').virtual).toBe('counters.downloads')
    expect(field('categories', 'type').defaultValue).toBe('article')
    expect(field('galleries', 'public').defaultValue).toBe(true)
    expect(field('wall-messages', 'status').defaultValue).toBe('approved')
    expect(field('users', 'roles').defaultValue).toEqual(['user'])
    expect(field('categories', 'name').required).toBe(true)
  })

  it('makes new wall messages pending when moderation is on, by a hook: the schema stays the same', async () => {
    const wallWith = async (wallModeration: boolean) =>
      (await buildConfig({ ...baseConfig(), plugins: [blogPortfolio({ wallModeration })] })).collections.find(
        (collection) => collection.slug === 'wall-messages',
      )!
    const [on, off] = [await wallWith(true), await wallWith(false)]
    const status = (wall: typeof on) => wall.fields.find((f) => 'name' in f && f.name === 'status')
    expect(JSON.stringify(status(on))).toBe(JSON.stringify(status(off)))
    expect(status(on)).toMatchObject({ defaultValue: 'approved' })

    const create = (user: unknown) => ({ data: { nickname: 'Visitor' }, operation: 'create', req: { user } }) as never
    expect(applyWallModeration(true)(create(null))).toEqual({ nickname: 'Visitor', status: 'pending' })
    expect(applyWallModeration(true)(create({ roles: ['editor'] }))).toEqual({ nickname: 'Visitor' })
    expect(applyWallModeration(false)(create(null))).toEqual({ nickname: 'Visitor' })
  })

  it("appends a developer's extra fields, which the admin UI's client config then shows", async () => {
    const subtitle: Field = { name: 'subtitle', type: 'text', admin: { description: 'Shown under the title' } }
    const config = await buildConfig({
      ...baseConfig(),
      plugins: [blogPortfolio({ extraFields: { articles: [subtitle], skills: [{ name: 'years', type: 'number' }] } })],
    })
    const articles = config.collections.find((collection) => collection.slug === 'articles')!
    expect(fieldNames(articles.fields)).toContain('subtitle')
    expect(fieldNames(articles.fields)).toContain('title')
    expect(fieldNames(config.collections.find((c) => c.slug === 'skills')!.fields)).toContain('years')
    expect(fieldNames(config.collections.find((c) => c.slug === 'projects')!.fields)).not.toContain('subtitle')

    const i18n = await initI18n({ config: config.i18n, context: 'client', language: 'en' })
    const clientConfig = createClientConfig({ config, i18n, importMap: {}, user: true })
    const clientArticles = clientConfig.collections.find((collection) => collection.slug === 'articles')!
    const clientSubtitle = clientArticles.fields.find((f) => 'name' in f && f.name === 'subtitle')
    expect(clientSubtitle).toMatchObject({ name: 'subtitle', type: 'text' })
    expect(clientSubtitle?.admin?.hidden).toBeFalsy()
  })

  it("keeps the developer's own collections, globals, routes and onInit", async () => {
    const calls: string[] = []
    const config = await buildConfig({
      ...baseConfig({
        collections: [{ slug: 'notes', fields: [{ name: 'body', type: 'text' }] }],
        globals: [{ slug: 'footer', fields: [{ name: 'text', type: 'text' }] }],
        routes: { admin: '/studio' },
        onInit: async () => {
          calls.push('developer')
        },
      }),
      plugins: [blogPortfolio()],
    })
    expect(config.collections.map((collection) => collection.slug)).toEqual(expect.arrayContaining(['notes', ...OUR_SLUGS]))
    expect(config.globals.map((global) => global.slug)).toEqual(['footer', 'site'])
    expect(config.routes.admin).toBe('/studio')
    const db = { commitTransaction: async () => {}, rollbackTransaction: async () => {} }
    // The developer's collection gets the bounds on queries from outside the process, before its own hooks.
    const own = async () => undefined
    const notes = { config: { hooks: { beforeOperation: [own] } } }
    await config.onInit?.({ db, collections: { notes } } as never)
    expect(calls).toEqual(['developer'])
    expect(notes.config.hooks.beforeOperation).toEqual([boundExternalQueries, own])
  })

  it('refuses a collection slug it owns, pointing at extraFields', () => {
    const plugin = blogPortfolio()
    expect(() => plugin(baseConfig({ collections: [{ slug: 'articles', fields: [] }] }))).toThrow(/extraFields/)
  })

  it('refuses to put Payload REST on /api', () => {
    expect(() => blogPortfolio({ cmsApiRoute: '/api' })(baseConfig())).toThrow(/cannot be \/api/)
  })

  it('gives every collection a numeric id from a counter when the adapter has text ids (MongoDB)', () => {
    const textIdAdapter = { defaultIDType: 'text', init: () => ({}), name: 'mongoose' } as unknown as DatabaseAdapterObj
    const withMongo = blogPortfolio()(baseConfig({ db: textIdAdapter }))
    for (const collection of withMongo.collections!.filter((c) => OUR_SLUGS.includes(c.slug))) {
      expect(collection.fields[0]).toMatchObject({ name: 'id', type: 'number' })
      expect(collection.hooks?.beforeValidate?.length).toBeGreaterThan(0)
    }
    const withSqlite = blogPortfolio()(baseConfig())
    expect(fieldNames(withSqlite.collections!.find((c) => c.slug === 'articles')!.fields)).not.toContain('id')
  })
})
