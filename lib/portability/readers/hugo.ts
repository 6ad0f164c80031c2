import path from 'node:path'

import type { SourceSite } from '../sourceItem'
import { imageCandidatesFor, markdownFilesUnder, readMarkdownPost, sortOut } from './markdownFiles'

const BUNDLE_INDEX = /^_?index\.(?:md|markdown)$/i

/**
 * A Hugo site: posts under content/ (content/posts/*.md, page bundles content/posts/x/index.md with their images
 * beside them), YAML (`---`) or TOML (`+++`) front matter, `static/` served from the site root. Section list pages
 * (`_index.md`) are not posts. A post without a slug keeps its file (or bundle folder) name as slug, as Hugo's URL does.
 */
export const readHugoSite = (root: string): SourceSite => {
  const contentDir = path.join(root, 'content')
  const files = markdownFilesUnder(contentDir).filter((file) => path.basename(file).toLowerCase() !== '_index.md')
  const results = files.map((file) => {
    const bundle = BUNDLE_INDEX.test(path.basename(file))
    const name = bundle ? path.basename(path.dirname(file)) : path.basename(file).replace(/\.(?:md|markdown)$/i, '')
    return readMarkdownPost({
      root,
      file,
      format: 'hugo',
      defaults: { slug: name },
      imageCandidates: imageCandidatesFor([path.join(root, 'static'), path.join(root, 'assets')], path.dirname(file)),
    })
  })
  return { format: 'hugo', root, ...sortOut(results), media: [], categories: [], altOf: () => undefined }
}
