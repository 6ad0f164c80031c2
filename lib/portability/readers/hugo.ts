import path from 'node:path'

import { SiteFolder } from '../siteFiles'
import type { SourceSite } from '../sourceItem'
import { imageCandidatesFor, readMarkdownPost, sortOut } from './markdownFiles'

const BUNDLE_INDEX = /^_?index\.(?:md|markdown)$/i

/**
 * A Hugo site: posts under content/ (content/posts/*.md, page bundles content/posts/x/index.md with their images
 * beside them), YAML (`---`) or TOML (`+++`) front matter, `static/` served from the site root. Section list pages
 * (`_index.md`) are not posts. A post without a slug keeps its file (or bundle folder) name as slug, as Hugo's URL does.
 */
export const readHugoSite = (folder: string): SourceSite => {
  const site = new SiteFolder(folder)
  const root = site.root
  const contentDir = path.join(root, 'content')
  const files = site.markdownFiles(contentDir).filter((file) => path.basename(file).toLowerCase() !== '_index.md')
  const results = files.map((file) => {
    const bundle = BUNDLE_INDEX.test(path.basename(file))
    const name = bundle ? path.basename(path.dirname(file)) : path.basename(file).replace(/\.(?:md|markdown)$/i, '')
    return readMarkdownPost({
      site,
      file,
      format: 'hugo',
      defaults: { slug: name },
      imageCandidates: imageCandidatesFor([path.join(root, 'static'), path.join(root, 'assets')], path.dirname(file)),
    })
  })
  return { format: 'hugo', root, ...sortOut(results, site), media: [], categories: [], altOf: () => undefined }
}
