import path from 'node:path'

import { articleFromFrontMatter, type MappingDefaults } from '../frontMatterMapping'
import { readFrontMatter } from '../frontMatter'
import type { FrontMatterDialect } from '../frontMatterTerms'
import { isExternalUrl, linkPath } from '../imageLinks'
import { relativeTo, SiteFileError, type SiteFolder } from '../siteFiles'
import type { SourceItem, SourceProblem } from '../sourceItem'

/**
 * Where a link in a post may point: a root-relative link (`/images/a.png`) is looked for in each of the site's
 * static folders, a relative one beside the post (and in `extraDirs`, as Hexo's post asset folder).
 */
export const imageCandidatesFor =
  (staticRoots: string[], postDir: string, extraDirs: string[] = []) =>
  (url: string): string[] | null => {
    if (isExternalUrl(url)) return null
    const local = linkPath(url)
    if (local.startsWith('/')) return staticRoots.map((root) => path.join(root, local))
    return [postDir, ...extraDirs].map((dir) => path.resolve(dir, local))
  }

export type MarkdownPost = {
  site: SiteFolder
  file: string
  format: FrontMatterDialect
  defaults: MappingDefaults
  imageCandidates: SourceItem['imageCandidates']
  /** Changes the body before links are read (Hexo's `{% asset_img %}` tags). */
  transformBody?: (body: string) => string
}

/** Reads one post file into an article, or the reason it cannot be read. */
export const readMarkdownPost = ({ site, file, format, defaults, imageCandidates, transformBody }: MarkdownPost): SourceItem | SourceProblem => {
  const label = relativeTo(site.root, file)
  let raw: string
  try {
    raw = site.readText(file)
  } catch (error) {
    return { label, reason: error instanceof SiteFileError ? error.message : `cannot read the file: ${(error as Error).message}` }
  }
  let parsed
  try {
    parsed = readFrontMatter(raw)
  } catch (error) {
    return { label, reason: (error as Error).message }
  }
  const fields = articleFromFrontMatter(parsed.data, defaults, format)
  if ('problem' in fields) return { label, reason: fields.problem }
  const body = parsed.content.replace(/^(?:[ \t]*\r?\n)+/, '')
  return { kind: 'article', key: `${format}:${label}`, label, content: transformBody ? transformBody(body) : body, fields, imageCandidates, raw }
}

/** Collects readMarkdownPost's answers into items and problems, with the paths the site folder left out. */
export const sortOut = (results: (SourceItem | SourceProblem)[], site: SiteFolder) => ({
  items: results.filter((result): result is SourceItem => 'key' in result),
  problems: [...results.filter((result): result is SourceProblem => 'reason' in result), ...site.skipped],
})
