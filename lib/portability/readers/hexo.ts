import path from 'node:path'

import { SiteFolder } from '../siteFiles'
import type { SourceSite } from '../sourceItem'
import { imageCandidatesFor, readMarkdownPost, sortOut } from './markdownFiles'

// `{% asset_img file.png "title" %}` (or an unquoted title): Hexo's tag for an image of the post's asset folder.
const ASSET_IMG = /\{%\s*asset_img\s+(\S+)(?:\s+(?:"([^"]*)"|'([^']*)'|([^%]*?)))?\s*%\}/g

/** Turns Hexo's asset_img tags into Markdown images, so they import like any other. */
export const replaceAssetImgTags = (body: string): string =>
  body.replace(ASSET_IMG, (_whole, file: string, double?: string, single?: string, bare?: string) => `![${(double ?? single ?? bare ?? '').trim()}](${file})`)

/**
 * A Hexo site: `source/_posts/*.md`, `source/_drafts/*.md` (drafts), images in `source/` (`/images/a.png` is
 * `source/images/a.png`) or in a post's asset folder (`source/_posts/<post>/`). Categories and tags are lists;
 * a nested category list is a path whose first name is taken. Without a slug, the file name is the slug.
 */
export const readHexoSite = (folder: string): SourceSite => {
  const site = new SiteFolder(folder)
  const root = site.root
  const source = path.join(root, 'source')
  const read = (file: string, draft: boolean) => {
    const name = path.basename(file).replace(/\.(?:md|markdown)$/i, '')
    return readMarkdownPost({
      site,
      file,
      format: 'hexo',
      defaults: { slug: name, draft },
      imageCandidates: imageCandidatesFor([source], path.dirname(file), [path.join(path.dirname(file), name)]),
      transformBody: replaceAssetImgTags,
    })
  }
  const results = [
    ...site.markdownFiles(path.join(source, '_posts')).map((file) => read(file, false)),
    ...site.markdownFiles(path.join(source, '_drafts')).map((file) => read(file, true)),
  ]
  return { format: 'hexo', root, ...sortOut(results, site), media: [], categories: [], altOf: () => undefined }
}
