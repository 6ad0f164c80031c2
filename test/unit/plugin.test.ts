import { describe, expect, it } from 'vitest'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { initI18n } from '@payloadcms/translations'
import {
  buildConfig,
  type CollectionConfig,
  createClientConfig,
  type Config,
  type DatabaseAdapterObj,
  type Field,
} from 'payload'

import { blogPortfolio } from '../../index'
import { applyWallModeration } from '../../hooks/applyWallModeration'
import { boundExternalQueries } from '../../hooks/boundExternalQueries'
import { refuseDeletingUsedMedia } from '../../hooks/refuseDeletingUsedMedia'
import { releaseLoginAttempt, throttleLogin } from '../../hooks/throttleLogin'
import { ownAccountField } from '../../access/publicProfiles'
import { canManageContent } from '../../access/canManageContent'
import { outageAwareJwt } from '../../lib/outageAwareJwt'
import { blankTemplateMedia, blankTemplateUsers } from '../helpers/blankTemplate'

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
    expect(() => plugin(baseConfig({ collections: [{ slug: 'articles', fields: [] }] }))).toThrow(/"articles" collection.*extraFields/)
  })

  describe("the blank template's users and media", () => {
    const withBlankTemplate = () => baseConfig({ admin: { user: 'users' }, collections: [blankTemplateUsers(), blankTemplateMedia()] })
    const built = () => buildConfig({ ...withBlankTemplate(), plugins: [blogPortfolio()] })
    const ownUsers = async () => (await buildConfig({ ...baseConfig(), plugins: [blogPortfolio()] })).collections.find((c) => c.slug === 'users')!

    it('extends them under their slugs, once each, with the fields, hooks, access and auth of ours', async () => {
      const config = await built()
      expect(config.collections.filter((c) => c.slug === 'users' || c.slug === 'media')).toHaveLength(2)
      const users = config.collections.find((c) => c.slug === 'users')!
      // Exactly the fields the plugin's own users collection has: the host wrote none but Payload's email.
      expect(fieldNames(users.fields).sort()).toEqual(fieldNames((await ownUsers()).fields).sort())
      expect(users.fields.find((f) => 'name' in f && f.name === 'roles')).toMatchObject({ saveToJWT: true, defaultValue: ['user'] })
      expect(users.fields.find((f) => 'name' in f && f.name === 'email')).toMatchObject({ access: { read: ownAccountField } })
      expect(users.auth).toMatchObject({ useSessions: true, maxLoginAttempts: 0, tokenExpiration: 7200 })
      expect(users.auth.strategies).toContain(outageAwareJwt)
      expect(users.hooks.beforeOperation).toEqual(expect.arrayContaining([throttleLogin]))
      expect(users.hooks.afterLogin).toContain(releaseLoginAttempt)
      expect(users.admin.useAsTitle).toBe('email')
      expect(users.custom).toMatchObject({ publicFields: ['name', 'avatar'] })
      expect(users.endpoints && users.endpoints.map((endpoint) => endpoint.path)).toContain('/forgot-password')

      const media = config.collections.find((c) => c.slug === 'media')!
      expect(fieldNames(media.fields).filter((name) => name === 'alt')).toHaveLength(1)
      expect(media.access).toMatchObject({ create: canManageContent, update: canManageContent, delete: canManageContent })
      expect(media.hooks.beforeDelete).toContain(refuseDeletingUsedMedia)
      expect(media.upload).toMatchObject({ adminThumbnail: 'thumbnail', mimeTypes: expect.arrayContaining(['image/webp']) })
      expect(media.upload.staticDir).toMatch(/data\/media$/)
      expect(media.upload.imageSizes?.map((size) => size.name)).toEqual(['thumbnail', 'large'])
    })

    it("keeps the host's own fields, settings and hooks, running ours after its own", async () => {
      const hostHook = () => undefined
      const users: CollectionConfig = {
        ...blankTemplateUsers(),
        auth: { tokenExpiration: 60, cookies: { sameSite: 'Strict' } },
        hooks: { beforeChange: [hostHook], afterLogin: [hostHook] },
        fields: [
          { name: 'nickname', type: 'text' },
          { name: 'email', type: 'email', label: 'Work address' },
          // Ours is the contract's: the access rules read these values from the JWT.
          { name: 'roles', type: 'select', options: ['admin', 'guest'] },
        ],
      }
      const media: CollectionConfig = {
        ...blankTemplateMedia(),
        upload: { staticDir: '/srv/uploads', imageSizes: [{ name: 'thumbnail', width: 300 }, { name: 'square', width: 500, height: 500 }] },
      }
      const config = await buildConfig({ ...baseConfig({ collections: [users, media] }), plugins: [blogPortfolio()] })
      const extendedUsers = config.collections.find((c) => c.slug === 'users')!
      expect(fieldNames(extendedUsers.fields)).toEqual(expect.arrayContaining(['nickname', 'email', 'roles', 'name', 'avatar']))
      expect(extendedUsers.fields.find((f) => 'name' in f && f.name === 'email')).toMatchObject({
        label: 'Work address',
        access: { read: ownAccountField },
      })
      expect(extendedUsers.fields.find((f) => 'name' in f && f.name === 'roles')).toMatchObject({ hasMany: true, saveToJWT: true })
      expect(extendedUsers.hooks.beforeChange[0]).toBe(hostHook)
      expect(extendedUsers.hooks.beforeChange.length).toBeGreaterThan(1)
      expect(extendedUsers.hooks.afterLogin).toEqual([hostHook, releaseLoginAttempt])
      expect(extendedUsers.auth).toMatchObject({ tokenExpiration: 7200, useSessions: true, cookies: { sameSite: 'Strict' } })

      const extendedMedia = config.collections.find((c) => c.slug === 'media')!
      expect(extendedMedia.upload.staticDir).toBe('/srv/uploads')
      expect(extendedMedia.upload.imageSizes?.map((size) => [size.name, size.width])).toEqual([
        ['large', 1200],
        ['thumbnail', 300],
        ['square', 500],
      ])
    })

    it('refuses them as any other clash when extendExisting is off', () => {
      expect(() => blogPortfolio({ extendExisting: false })(withBlankTemplate())).toThrow(/"users" collection.*extendExisting/)
      expect(() => blogPortfolio({ extendExisting: false })(baseConfig({ collections: [blankTemplateMedia()] }))).toThrow(
        /"media" collection/,
      )
    })

    it("still refuses the host's collections of its other slugs", () => {
      expect(() => blogPortfolio()(baseConfig({ collections: [blankTemplateUsers(), { slug: 'skills', fields: [] }] }))).toThrow(
        /"skills" collection/,
      )
    })
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
