import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { ConfigError } from '../../lib/configError'
import { selectDatabase } from '../../lib/databaseSelection'

describe('selectDatabase', () => {
  it('defaults to a SQLite file in the data folder', () => {
    expect(selectDatabase(undefined, '/srv/data')).toEqual({
      kind: 'sqlite',
      url: `file:${path.join('/srv/data', 'content.db')}`,
      directory: '/srv/data',
    })
  })

  it('takes file: URLs as SQLite and knows the folder to create', () => {
    expect(selectDatabase('file:/var/blog/site.db', '/srv/data')).toEqual({
      kind: 'sqlite',
      url: 'file:/var/blog/site.db',
      directory: '/var/blog',
    })
    expect(selectDatabase('file:./local/site.db', '/srv/data')).toMatchObject({
      kind: 'sqlite',
      directory: path.resolve('local'),
    })
    expect(selectDatabase('file::memory:', '/srv/data')).toEqual({ kind: 'sqlite', url: 'file::memory:' })
  })

  it.each([
    ['postgres://user:pw@localhost:5432/blog', 'postgres'],
    ['postgresql://user:pw@localhost/blog?sslmode=require', 'postgres'],
    ['POSTGRES://localhost/blog', 'postgres'],
    ['mongodb://localhost:27017/blog', 'mongodb'],
    ['mongodb+srv://user:pw@cluster0.example.net/blog', 'mongodb'],
  ])('%s -> %s, URL passed through unchanged', (url, kind) => {
    expect(selectDatabase(url, '/srv/data')).toEqual({ kind, url })
  })

  it.each([
    ['mysql://localhost/blog', /unsupported scheme "mysql:"/],
    ['redis://localhost', /unsupported scheme "redis:"/],
    ['localhost:5432/blog', /unsupported scheme "localhost:"/],
    ['just-a-name', /no scheme/],
  ])('refuses %s with one line naming the supported schemes', (url, message) => {
    expect(() => selectDatabase(url, '/srv/data')).toThrow(ConfigError)
    expect(() => selectDatabase(url, '/srv/data')).toThrow(message)
    expect(() => selectDatabase(url, '/srv/data')).toThrow(/use file:.*postgres:.*mongodb:/)
  })
})
