import { describe, expect, it } from 'vitest'

import { mediaFileNames, mediaFilePath, ownMediaFileName } from '../../lib/mediaFileAddress'

const route = { apiRoute: '/cms-api', collection: 'media', serverURL: 'https://blog.example.com' }

describe('ownMediaFileName', () => {
  it('reads the file name of this service’s media addresses, relative or on the public origin', () => {
    expect(ownMediaFileName('/cms-api/media/file/dock.png', route)).toBe('dock.png')
    expect(ownMediaFileName('https://blog.example.com/cms-api/media/file/dock.png', route)).toBe('dock.png')
    expect(ownMediaFileName('/cms-api/media/file/harbour%20at%20dusk.png', route)).toBe('harbour at dusk.png')
  })

  it('answers nothing for other hosts, other paths, queries, fragments and broken escapes', () => {
    expect(ownMediaFileName('https://elsewhere.example.com/cms-api/media/file/dock.png', route)).toBeUndefined()
    expect(ownMediaFileName('https://blog.example.com.evil.example/cms-api/media/file/dock.png', route)).toBeUndefined()
    expect(ownMediaFileName('https://blog.example.com/cms-api/media/file/dock.png', { ...route, serverURL: undefined })).toBeUndefined()
    expect(ownMediaFileName('/cms-api/galleries/file/dock.png', route)).toBeUndefined()
    expect(ownMediaFileName('/cms-api/media/file/', route)).toBeUndefined()
    expect(ownMediaFileName('/cms-api/media/file/dock.png?w=10', route)).toBeUndefined()
    expect(ownMediaFileName('/cms-api/media/file/dock.png#top', route)).toBeUndefined()
    expect(ownMediaFileName('/cms-api/media/file/100%.png', route)).toBeUndefined()
  })
})

describe('media file names and paths', () => {
  it('lists the original and each generated size, and writes paths as Payload does', () => {
    const doc = { filename: 'a b.png', sizes: { thumbnail: { filename: 'a b-400x267.webp' }, large: { filename: null } } }
    expect(mediaFileNames(doc)).toEqual(['a b.png', 'a b-400x267.webp'])
    expect(mediaFilePath(route, 'a b.png')).toBe('/cms-api/media/file/a%20b.png')
  })
})
