import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'
import type { SanitizedConfig } from 'payload'

import { composeConfig } from '../../composeConfig'
import { readEnv } from '../../lib/env'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-schema-'))

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Every setting that reaches the collections' config, each away from its default. */
const SETTINGS: Record<string, Record<string, string>> = {
  WALL_MODERATION: { WALL_MODERATION: 'true' },
  SITE_URL: { SITE_URL: 'https://site.example.com' },
  WEBHOOK_ALLOW_PRIVATE: { WEBHOOK_ALLOW_PRIVATE: 'true' },
  WEBHOOK_RETRY_DELAYS: { WEBHOOK_RETRY_DELAYS: '1000,2000' },
  S3_BUCKET: { S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' },
  LOGIN_RATE_LIMIT: { LOGIN_RATE_LIMIT: '3' },
}

type Described = Record<string, unknown>

/** What of a field decides the database schema: its column, type, constraints, default and sub-tables. */
const describeFields = (fields: unknown[]): Described[] =>
  fields.map((field) => {
    const each = field as Record<string, unknown>
    return {
      name: each.name,
      type: each.type,
      required: each.required,
      unique: each.unique,
      index: each.index,
      hasMany: each.hasMany,
      relationTo: each.relationTo,
      localized: each.localized,
      virtual: each.virtual,
      defaultValue: typeof each.defaultValue === 'function' ? 'function' : each.defaultValue,
      options: Array.isArray(each.options) ? each.options.map((option) => (typeof option === 'string' ? option : (option as { value: unknown }).value)) : undefined,
      fields: Array.isArray(each.fields) ? describeFields(each.fields) : undefined,
      tabs: Array.isArray(each.tabs) ? each.tabs.map((tab: { name?: string; fields: unknown[] }) => ({ name: tab.name, fields: describeFields(tab.fields) })) : undefined,
    }
  })

const schemaOf = (config: SanitizedConfig) => ({
  collections: config.collections.map((collection) => ({
    slug: collection.slug,
    timestamps: collection.timestamps,
    versions: Boolean(collection.versions),
    drafts: Boolean(collection.versions && collection.versions.drafts),
    upload: Boolean(collection.upload),
    indexes: collection.indexes,
    fields: describeFields(collection.fields),
  })),
  globals: config.globals.map((global) => ({ slug: global.slug, versions: Boolean(global.versions), fields: describeFields(global.fields) })),
})

const configWith = (vars: Record<string, string>) =>
  composeConfig(readEnv({ NODE_ENV: 'test', PAYLOAD_SECRET: 'settings-schema-test', DATA_DIR: dataDir, ADMIN: 'false', ...vars }))

describe('settings and the schema', () => {
  it.each(Object.keys(SETTINGS))('%s changes no column, default or table', async (setting) => {
    const plain = schemaOf(await configWith({}))
    expect(schemaOf(await configWith(SETTINGS[setting]!))).toEqual(plain)
  })
})
