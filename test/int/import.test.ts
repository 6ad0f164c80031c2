import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { importSite } from '../../lib/portability/importBlog'
import type { ImportOutcome, ImportReport } from '../../lib/portability/importReport'
import { readSite } from '../../lib/portability/readSite'
import { bootService, type BootedService } from '../helpers/bootService'
import { BLOG_FIXTURES, runPortabilityScript } from '../helpers/portability'

let service: BootedService

beforeAll(async () => {
  service = await bootService({ LIST_CACHE_TTL: '0', HOME_CACHE_TTL: '0', WEBHOOK_ALLOW_PRIVATE: 'true' })
  // An active webhook for every article event: imports must not notify it.
  await service.payload.create({
    collection: 'webhooks',
    data: { url: 'http://127.0.0.1:9/hook', events: ['article.published', 'article.updated', 'article.unpublished', 'article.deleted'], active: true },
    overrideAccess: true,
  })
})

afterAll(async () => {
  await service?.stop()
})

const importFixture = (name: string, options: Parameters<typeof importSite>[2] = {}) =>
  importSite(service.payload, readSite(path.join(BLOG_FIXTURES, name)), options)

const byAction = (report: ImportReport, kind: ImportOutcome['kind'], action: ImportOutcome['action']) =>
  report.outcomes.filter((outcome) => outcome.kind === kind && outcome.action === action).map((outcome) => outcome.label).sort()

const failures = (report: ImportReport) =>
  Object.fromEntries(report.outcomes.filter((outcome) => outcome.failed).map((outcome) => [outcome.label, outcome.reason]))

const storedArticle = async (slug: string) => {
  const { docs } = await service.payload.find({ collection: 'articles', where: { slug: { equals: slug } }, depth: 1, overrideAccess: true })
  expect(docs).toHaveLength(1)
  return docs[0]!
}

const publicDetail = async (slug: string) => {
  const res = await service.request().get(`/api/articles/${encodeURIComponent(slug)}`)
  expect(res.status).toBe(200)
  return res.body.data
}

const counts = async () => ({
  articles: (await service.payload.count({ collection: 'articles', overrideAccess: true })).totalDocs,
  media: (await service.payload.count({ collection: 'media', overrideAccess: true })).totalDocs,
  categories: (await service.payload.count({ collection: 'categories', overrideAccess: true })).totalDocs,
})

describe('import of a Hugo site', () => {
  let first: ImportReport

  beforeAll(async () => {
    first = await importFixture('hugo')
  })

  it('creates the good posts and their images, and skips each bad file with its reason', () => {
    expect(byAction(first, 'article', 'created')).toEqual(['content/posts/bundle-post/index.md', 'content/posts/hello-hugo.md', 'content/posts/ni-hao.md'])
    expect(byAction(first, 'media', 'created')).toEqual(['content/posts/bundle-post/diagram.png', 'static/images/hugo-cover.png'])
    expect(failures(first)).toEqual({
      'content/posts/broken-front-matter.md': expect.stringMatching(/^broken front matter: Missing closing "quote/),
      'content/posts/missing-image.md': 'image /images/does-not-exist.png not found (looked for static/images/does-not-exist.png, assets/images/does-not-exist.png)',
      'content/posts/duplicate-slug.md': 'duplicate slug "hello-hugo": content/posts/hello-hugo.md has it',
      'content/posts/corrupt-image.md': 'image /images/corrupt.png was refused: File type text/plain (from extension png) is not allowed.',
    })
  })

  it('keeps dates, slugs and drafts, and lists the posts in their original order', async () => {
    const list = (await service.request().get('/api/articles?limit=20')).body.data as { title: string; date: string; slug: string; cover: string | null }[]
    expect(list.map(({ title, date }) => [title, date])).toEqual([
      ['你好，世界：我的第一篇博客', '2021-05-01T08:00:00.000Z'],
      ['Hello, Hugo', '2021-03-14T08:26:53.000Z'],
    ])
    const hello = await storedArticle('hello-hugo')
    expect(hello.createdAt).toBe('2021-03-14T08:26:53.000Z')
    expect(list[1]!.slug).toBe(`hello-hugo-${hello.id}`)
    const bundle = await storedArticle('bundle-post')
    expect(bundle.status).toBe('draft')
    expect(bundle.publishedAt ?? null).toBeNull()
    expect((await service.request().get(`/api/articles/${bundle.id}`)).status).toBe(404)
  })

  it('uploads local images to Media and rewrites their links; code blocks and remote images stay as written', async () => {
    const hello = await publicDetail('hello-hugo')
    expect(hello.coverImage).toBe('/cms-api/media/file/hugo-cover.png')
    expect(hello.content).toContain('![An orange cover](/cms-api/media/file/hugo-cover.png "The cover")')
    expect(hello.content).toContain('```md\n![not an image to upload](/images/not-uploaded.png)\n```')
    expect(hello.content).toContain('![badge](https://img.shields.io/badge/hugo-0.120-blue)')
    expect(hello.excerpt).toBe('Why I started this blog with Hugo, and what I would do again.')
    expect(hello.categoryName).toBe('Engineering')
    const image = await service.request().get('/cms-api/media/file/hugo-cover.png')
    expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png'])
    expect((await storedArticle('bundle-post')).content).toBe('The picture lives beside this file:\n\n![The diagram](/cms-api/media/file/diagram.png)\n')
  })

  it('turns a CJK slug into our slug rule and says so; a post with only tags is filed under its first tag', async () => {
    expect(first.outcomes.find((outcome) => outcome.label === 'content/posts/ni-hao.md')?.reason).toBe('slug "你好世界" stored as "ni-hao-shi-jie"')
    const niHao = await publicDetail('ni-hao-shi-jie')
    expect(niHao.categoryName).toBe('随笔')
    expect(niHao.content).toContain('```python\nprint("你好，世界")\n```')
  })

  it('changes nothing on a second run, and notifies no webhook', async () => {
    const before = await counts()
    const second = await importFixture('hugo')
    expect(byAction(second, 'article', 'created')).toEqual([])
    expect(byAction(second, 'article', 'updated')).toEqual([])
    expect(byAction(second, 'media', 'created')).toEqual([])
    expect(byAction(second, 'article', 'skipped')).toEqual([
      'content/posts/bundle-post/index.md',
      'content/posts/corrupt-image.md',
      'content/posts/duplicate-slug.md',
      'content/posts/hello-hugo.md',
      'content/posts/missing-image.md',
      'content/posts/ni-hao.md',
    ])
    expect(failures(second)).toEqual(failures(first))
    expect(await counts()).toEqual(before)
    expect((await service.payload.count({ collection: 'webhook-deliveries', overrideAccess: true })).totalDocs).toBe(0)
  })

  it('updates a changed post in place; a dry run first reports it and writes nothing', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'hugo-copy-'))
    try {
      fs.cpSync(path.join(BLOG_FIXTURES, 'hugo'), copy, { recursive: true })
      const file = path.join(copy, 'content/posts/hello-hugo.md')
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: "Hello, Hugo"', 'title: "Hello, Hugo (revised)"'))
      const before = await storedArticle('hello-hugo')

      const dry = await importSite(service.payload, readSite(copy), { dryRun: true })
      expect(dry.dryRun).toBe(true)
      expect(byAction(dry, 'article', 'updated')).toEqual(['content/posts/hello-hugo.md'])
      expect((await storedArticle('hello-hugo')).title).toBe('Hello, Hugo')

      const real = await importSite(service.payload, readSite(copy))
      expect(byAction(real, 'article', 'updated')).toEqual(['content/posts/hello-hugo.md'])
      expect(byAction(real, 'article', 'created')).toEqual([])
      const after = await storedArticle('hello-hugo')
      expect([after.id, after.title, after.createdAt]).toEqual([before.id, 'Hello, Hugo (revised)', before.createdAt])
    } finally {
      fs.rmSync(copy, { recursive: true, force: true })
    }
  })
})

describe('import of a Jekyll site', () => {
  let report: ImportReport

  beforeAll(async () => {
    report = await importFixture('jekyll')
  })

  it('takes date and slug from the file name, titles from it when missing, and _drafts as drafts', async () => {
    expect(byAction(report, 'article', 'created')).toEqual([
      '_drafts/unfinished-idea.md',
      '_posts/2019-01-15-welcome-to-jekyll.md',
      '_posts/2019-02-20-zhongwen-boke.md',
      '_posts/2019-03-01-second-thoughts.md',
    ])
    expect(failures(report)).toEqual({
      '_posts/2019-04-01-broken.md': expect.stringMatching(/^broken front matter: Flow sequence/),
      '_posts/2019-05-01-bad-image.md': 'image /assets/img/missing.jpg not found (looked for assets/img/missing.jpg)',
      '_posts/2019-06-01-welcome-to-jekyll.md': 'duplicate slug "welcome-to-jekyll": _posts/2019-01-15-welcome-to-jekyll.md has it',
    })
    const welcome = await publicDetail('welcome-to-jekyll')
    expect([welcome.title, welcome.createdAt, welcome.categoryName]).toEqual(['Welcome to Jekyll!', '2019-01-15T00:00:00.000Z', 'Jekyll'])
    expect(welcome.coverImage).toBe('/cms-api/media/file/welcome.jpg')
    expect(welcome.content).toContain('![Welcome](/cms-api/media/file/welcome.jpg)')
    expect(welcome.content).toContain('```ruby\ndef print_hi(name)\n  puts "Hi, #{name}"\nend\n```')
    const zhongwen = await publicDetail('zhongwen-boke')
    expect([zhongwen.title, zhongwen.createdAt, zhongwen.excerpt]).toEqual(['中文博客：第二篇', '2019-02-20T01:30:00.000Z', '日期来自前言，别名来自文件名。'])
    const second = await publicDetail('second-thoughts')
    // `categories: meta blogging` is two categories in Jekyll: the first files the article, the report names the other.
    expect([second.title, second.categoryName]).toEqual(['Second thoughts', 'meta'])
    expect(report.outcomes.find((outcome) => outcome.label === '_posts/2019-03-01-second-thoughts.md')?.reason).toBe(
      'also in "blogging": not kept (an article has one category)',
    )
    expect((await storedArticle('unfinished-idea')).status).toBe('draft')
  })
})

describe('import of a Hexo site', () => {
  let report: ImportReport

  beforeAll(async () => {
    report = await importFixture('hexo')
  })

  it('reads category paths, asset folders and asset_img tags, and matches existing categories by name', async () => {
    expect(byAction(report, 'article', 'created')).toEqual([
      'source/_drafts/draft-post.md',
      'source/_posts/asset-post.md',
      'source/_posts/hexo-first.md',
      'source/_posts/日本語.md',
    ])
    expect(failures(report)).toEqual({
      'source/_posts/broken.md': expect.stringMatching(/^broken front matter: Tabs are not allowed/),
      'source/_posts/missing.md': 'image /images/nope.png not found (looked for source/images/nope.png)',
      'source/_posts/dupe.md': 'duplicate slug "hexo-first": source/_posts/hexo-first.md has it',
    })
    const first = await publicDetail('hexo-first')
    expect([first.categoryName, first.createdAt, first.coverImage]).toEqual(['Tech', '2020-08-01T12:00:00.000Z', '/cms-api/media/file/hexo.png'])
    const asset = await storedArticle('asset-post')
    expect(asset.content).toBe(
      '![A purple photo](/cms-api/media/file/photo.png)\n\nAnd a plain relative link to the same file: ![Again](/cms-api/media/file/photo.png)\n',
    )
    expect((await publicDetail('ri-ben-yu')).title).toBe('日本語のタイトル：テスト')
    // Hugo's bundle draft already made a "drafts" category: the Hexo draft joins it.
    const drafts = await service.payload.find({ collection: 'categories', where: { name: { equals: 'drafts' } }, overrideAccess: true })
    expect(drafts.totalDocs).toBe(1)
    expect((await storedArticle('draft-post')).category).toMatchObject({ id: drafts.docs[0]!.id })
  })
})

describe('npm run import with a Ghost export', () => {
  const run = (...args: string[]) =>
    runPortabilityScript('import', args, { DATABASE_URL: service.database.url, DATA_DIR: service.env.dataDir })

  it('prints a dry run without writing, then imports while the service runs, and exits 2 for the skipped posts', async () => {
    const before = await counts()
    const dry = await run(path.join(BLOG_FIXTURES, 'ghost/ghost-export.json'), '--dry-run')
    expect(dry.status).toBe(2)
    expect(dry.stdout).toContain('would create   article  ghost-export.json#welcome[65a000000000000000000001]\n')
    expect(dry.stdout).toContain('would create   category 生活: article category\n')
    expect(dry.stdout).toContain('would create   media    content/images/2024/01/inline.png\n')
    // 4 articles, 2 images, 3 categories.
    expect(dry.stdout).toMatch(/^Dry run, nothing written\. 9 would be created, 0 would be updated, 4 would be skipped \(0 unchanged since the last import, 4 with problems\)\.$/m)
    // No progress bar without a terminal (its bar is drawn with these shades).
    expect(dry.stdout + dry.stderr).not.toMatch(/[░█]/)
    expect(await counts()).toEqual(before)

    const real = await run(path.join(BLOG_FIXTURES, 'ghost/ghost-export.json'))
    expect(real.stderr).toBe('')
    expect(real.status).toBe(2)
    expect(real.stdout).toContain(
      'skipped  article  ghost-export.json#welcome[65a000000000000000000006]: duplicate slug "welcome": ghost-export.json#welcome[65a000000000000000000001] has it\n',
    )
    expect(real.stdout).toContain('skipped  file     ghost-export.json#about[65a000000000000000000004]: a Ghost page, not a post: not imported\n')
    expect(real.stdout).toContain('skipped  file     ghost-export.json#untitled[65a000000000000000000007]: no title\n')
    expect(real.stdout).toContain(
      'skipped  article  ghost-export.json#missing-image[65a000000000000000000005]: image __GHOST_URL__/content/images/2024/01/missing.png not found (looked for content/images/2024/01/missing.png)\n',
    )
    expect(real.stdout).toContain('created  article  ghost-export.json#coming-in-2099[65a000000000000000000008]\n')
    expect(real.stdout).toMatch(/^9 created, 0 updated, 4 skipped \(0 unchanged since the last import, 4 with problems\)\.$/m)

    const welcome = await publicDetail('welcome')
    expect(welcome.content).toBe(
      "Ghost's Markdown card keeps this text **as written**.\n\n![Inline picture](/cms-api/media/file/inline.png)\n\n```bash\nghost install\n```\n",
    )
    expect([welcome.coverImage, welcome.excerpt, welcome.categoryName]).toEqual([
      '/cms-api/media/file/ghost-cover.png',
      "The first post, written in Ghost's Markdown card.",
      'Getting Started',
    ])
    expect((await storedArticle('welcome')).featured).toBe(true)
    const second = await publicDetail('ghost-second')
    expect([second.createdAt, second.categoryName]).toEqual(['2024-02-02T08:00:00.000Z', '生活'])
    expect(second.content).toContain('## 代码\n\n```js\nconsole.log("你好")\n```')
    expect(second.content).toContain('![Inline](/cms-api/media/file/inline.png)')
    const scheduled = await storedArticle('coming-in-2099')
    expect([scheduled.status, scheduled.publishAt]).toEqual(['draft', '2099-01-01T00:00:00.000Z'])
    expect((await storedArticle('a-ghost-draft')).status).toBe('draft')

    const again = await run(path.join(BLOG_FIXTURES, 'ghost/ghost-export.json'))
    expect(again.status).toBe(2)
    // The 4 articles are unchanged (their images are not even looked at again).
    expect(again.stdout).toMatch(/^0 created, 0 updated, 8 skipped \(4 unchanged since the last import, 4 with problems\)\.$/m)
    expect((await service.payload.count({ collection: 'webhook-deliveries', overrideAccess: true })).totalDocs).toBe(0)
  })

  it('reports an unreadable export and a path that is no blog, changing nothing', async () => {
    const before = await counts()
    const broken = await run(path.join(BLOG_FIXTURES, 'ghost/broken-export.json'))
    expect(broken.status).toBe(2)
    expect(broken.stdout).toContain('skipped  file     broken-export.json: not a readable JSON file')
    const nothing = await run(os.tmpdir())
    expect(nothing.status).toBe(1)
    expect(nothing.stderr).toMatch(/is not a Hugo, Jekyll or Hexo site, a Ghost export \(\.json\) or an export folder/)
    const unknownAuthor = await run(path.join(BLOG_FIXTURES, 'hugo'), '--author', 'nobody@example.com')
    expect([unknownAuthor.status, unknownAuthor.stderr.trim()]).toEqual([1, '--author: no user has the email nobody@example.com'])
    const badFormat = await run(path.join(BLOG_FIXTURES, 'hugo'), '--format', 'wordpress')
    expect([badFormat.status, badFormat.stderr.trim()]).toEqual([1, '--format must be one of hugo, jekyll, hexo, ghost, export, not "wordpress"'])
    const missing = await run(path.join(BLOG_FIXTURES, 'no-such-blog'))
    expect([missing.status, missing.stderr.trim()]).toEqual([1, `${path.join(BLOG_FIXTURES, 'no-such-blog')} does not exist`])
    expect(await counts()).toEqual(before)
  })
})

describe('import of a site whose posts link to images outside its folder', () => {
  let outside: string
  let report: ImportReport
  let before: Awaited<ReturnType<typeof counts>>

  beforeAll(async () => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'import-outside-'))
    const site = path.join(outside, 'site')
    fs.mkdirSync(path.join(site, '_posts'), { recursive: true })
    fs.mkdirSync(path.join(site, 'assets'))
    fs.copyFileSync(path.join(BLOG_FIXTURES, 'jekyll', 'assets', 'img', 'welcome.jpg'), path.join(outside, 'private.jpg'))
    fs.symlinkSync(path.join(outside, 'private.jpg'), path.join(site, 'assets', 'linked.jpg'))
    const post = (name: string, image: string) => fs.writeFileSync(path.join(site, '_posts', name), `---\ntitle: ${name}\n---\n![x](${image})\n`)
    post('2020-01-01-rooted.md', '/../private.jpg')
    post('2020-01-02-relative.md', '../../private.jpg')
    post('2020-01-03-linked.md', '/assets/linked.jpg')
    before = await counts()
    report = await importSite(service.payload, readSite(site))
  })

  afterAll(() => {
    fs.rmSync(outside, { recursive: true, force: true })
  })

  it('reads none of them, skips those posts with the reason, and creates no media', async () => {
    expect(failures(report)).toEqual({
      '_posts/2020-01-01-rooted.md': 'image /../private.jpg is outside the site folder',
      '_posts/2020-01-02-relative.md': 'image ../../private.jpg is outside the site folder',
      '_posts/2020-01-03-linked.md': 'image /assets/linked.jpg links outside the site folder',
    })
    expect(await counts()).toEqual(before)
  })
})

describe('import of a site whose post folders and files link outside it', () => {
  let outside: string
  let site: string
  let elsewhere: string

  const post = (file: string, title: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, `---\ntitle: ${title}\n---\nWritten elsewhere.\n`)
  }

  beforeAll(() => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'import-linked-posts-'))
    // Someone else's files, which the site links to.
    elsewhere = path.join(outside, 'elsewhere')
    post(path.join(elsewhere, 'posts', '2020-02-01-private-notes.md'), 'Private notes')
    post(path.join(elsewhere, 'lone.md'), 'A lone private file')
    site = path.join(outside, 'site')
    fs.mkdirSync(site)
    fs.symlinkSync(path.join(elsewhere, 'posts'), path.join(site, '_posts'), 'dir')
    post(path.join(site, '_drafts', 'own-draft.md'), 'Own draft')
    fs.symlinkSync(path.join(elsewhere, 'lone.md'), path.join(site, '_drafts', 'linked.md'))
    fs.symlinkSync(path.join(elsewhere, 'posts'), path.join(site, '_drafts', 'linked-folder'), 'dir')
    // A link that stays inside the site is followed.
    fs.symlinkSync(path.join(site, '_drafts', 'own-draft.md'), path.join(site, '_drafts', 'zz-alias-inside.md'))
    // A FIFO named like a post would block a reader forever.
    expect(spawnSync('mkfifo', [path.join(site, '_drafts', 'pipe.md')]).status).toBe(0)
  })

  afterAll(() => {
    fs.rmSync(outside, { recursive: true, force: true })
  })

  it('reads none of them and says which paths were skipped and why', async () => {
    const real = fs.realpathSync(elsewhere)
    const read = readSite(site)
    expect(read.items.map((item) => item.label)).toEqual(['_drafts/own-draft.md', '_drafts/zz-alias-inside.md'])
    expect(read.problems).toEqual([
      { label: '_posts', reason: `a link to ${real}/posts, outside the site folder: not read` },
      { label: '_drafts/linked-folder', reason: `a link to ${real}/posts, outside the site folder: not read` },
      { label: '_drafts/linked.md', reason: `a link to ${real}/lone.md, outside the site folder: not read` },
      { label: '_drafts/pipe.md', reason: 'not a regular file: not read' },
    ])
  })

  it('npm run import publishes nothing from outside, prints the skipped paths and exits 2', async () => {
    const before = await service.payload.count({ collection: 'articles', where: { title: { like: 'private' } }, overrideAccess: true })
    const result = await runPortabilityScript('import', [site], { DATABASE_URL: service.database.url, DATA_DIR: service.env.dataDir })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(2)
    const real = fs.realpathSync(elsewhere)
    expect(result.stdout).toContain(`skipped  file     _posts: a link to ${real}/posts, outside the site folder: not read\n`)
    expect(result.stdout).toContain(`skipped  file     _drafts/linked.md: a link to ${real}/lone.md, outside the site folder: not read\n`)
    expect(result.stdout).toContain('skipped  file     _drafts/pipe.md: not a regular file: not read\n')
    expect(result.stdout).toContain('created  article  _drafts/own-draft.md\n')
    const after = await service.payload.count({ collection: 'articles', where: { title: { like: 'private' } }, overrideAccess: true })
    expect(after.totalDocs).toBe(before.totalDocs)
  })

  it.each([
    ['hugo', (root: string) => fs.symlinkSync(path.join(elsewhere, 'posts'), path.join(root, 'content'), 'dir'), 'content'],
    ['hexo', (root: string) => {
      fs.mkdirSync(path.join(root, 'source'))
      fs.symlinkSync(path.join(elsewhere, 'posts'), path.join(root, 'source', '_posts'), 'dir')
    }, 'source/_posts'],
    ['export', (root: string) => {
      fs.writeFileSync(path.join(root, 'blog-export.json'), JSON.stringify({ format: 'blog-portfolio-export', version: 1, exportedAt: '2024-01-01', categories: [], media: [] }))
      fs.symlinkSync(path.join(elsewhere, 'posts'), path.join(root, 'articles'), 'dir')
    }, 'articles'],
  ] as const)('a %s site with its post folder linked outside reads nothing there', (format, make, label) => {
    const root = fs.mkdtempSync(path.join(outside, `${format}-`))
    make(root)
    const read = readSite(root, format)
    expect(read.items).toEqual([])
    expect(read.problems).toEqual([{ label, reason: `a link to ${fs.realpathSync(elsewhere)}/posts, outside the site folder: not read` }])
  })

  it("our export's media list cannot name a file outside the export folder", async () => {
    const root = fs.mkdtempSync(path.join(outside, 'export-media-'))
    fs.copyFileSync(path.join(BLOG_FIXTURES, 'jekyll', 'assets', 'img', 'welcome.jpg'), path.join(outside, 'private.jpg'))
    fs.mkdirSync(path.join(root, 'media'))
    fs.symlinkSync(path.join(outside, 'private.jpg'), path.join(root, 'media', 'linked.jpg'))
    const media = [{ file: '../../private.jpg', alt: 'climbing out' }, { file: 'linked.jpg', alt: 'a link out' }]
    fs.writeFileSync(path.join(root, 'blog-export.json'), JSON.stringify({ format: 'blog-portfolio-export', version: 1, exportedAt: '2024-01-01', categories: [], media }))
    const before = await counts()
    const report = await importSite(service.payload, readSite(root))
    expect(failures(report)).toEqual({
      'media/../../private.jpg': 'image media/../../private.jpg links outside the site folder',
      'media/linked.jpg': 'image media/linked.jpg links outside the site folder',
    })
    expect(await counts()).toEqual(before)
  })
})
