import path from 'node:path'

import { parseDate } from '../frontMatterMapping'
import { SiteFolder } from '../siteFiles'
import type { SourceSite } from '../sourceItem'
import { imageCandidatesFor, readMarkdownPost, sortOut } from './markdownFiles'

const POST_NAME = /^(\d{4}-\d{2}-\d{2})-(.+)\.(?:md|markdown)$/i

const HIGHLIGHT = /\{%-?\s*highlight\s+(\S+)[^%]*-?%\}\r?\n?([\s\S]*?)\r?\n?\{%-?\s*endhighlight\s*-?%\}/g
const SITE_PREFIX = /\{\{-?\s*site\.(?:url|baseurl)\s*-?\}\}/g
const URL_FILTER = /\{\{-?\s*(["'])([^"']+)\1\s*\|\s*(?:relative_url|absolute_url)\s*-?\}\}/g

/**
 * The Liquid that Jekyll posts commonly hold, as plain Markdown: `{% highlight lang %}` blocks become fenced code
 * blocks, `{{ site.baseurl }}` prefixes and `{{ "/path" | relative_url }}` become root-relative links. Other
 * Liquid stays as text.
 */
export const replaceJekyllLiquid = (body: string): string =>
  body
    .replace(HIGHLIGHT, (_whole, language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``)
    .replace(URL_FILTER, (_whole, _quote: string, url: string) => url)
    .replace(SITE_PREFIX, '')

/** "hello-world" -> "Hello world": Jekyll's title for a post without one. */
const titleFromSlug = (slug: string) => {
  const words = slug.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * A Jekyll site: `_posts/YYYY-MM-DD-slug.md` (date and slug from the file name unless the front matter gives
 * them), `_drafts/` (drafts, named without a date), images under `assets/` (or anywhere in the site) linked from the root.
 */
export const readJekyllSite = (source: string): SourceSite => {
  const site = new SiteFolder(source)
  const root = site.root
  const read = (file: string, draft: boolean) => {
    const base = path.basename(file)
    const dated = POST_NAME.exec(base)
    const slug = dated ? dated[2]! : base.replace(/\.(?:md|markdown)$/i, '')
    const date = dated ? parseDate(dated[1]) : undefined
    return readMarkdownPost({
      site,
      file,
      format: 'jekyll',
      defaults: { slug, title: titleFromSlug(slug), date: date instanceof Date ? date : undefined, draft },
      imageCandidates: imageCandidatesFor([root], path.dirname(file)),
      transformBody: replaceJekyllLiquid,
    })
  }
  const results = [
    ...site.markdownFiles(path.join(root, '_posts')).map((file) => read(file, false)),
    ...site.markdownFiles(path.join(root, '_drafts')).map((file) => read(file, true)),
  ]
  return { format: 'jekyll', root, ...sortOut(results, site), media: [], categories: [], altOf: () => undefined }
}
