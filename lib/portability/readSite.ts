import fs from 'node:fs'
import path from 'node:path'

import { readExportDir, isExportDir } from './readers/exportDir'
import { readGhostExport } from './readers/ghost'
import { readHexoSite } from './readers/hexo'
import { readHugoSite } from './readers/hugo'
import { readJekyllSite } from './readers/jekyll'
import { SiteFileError } from './siteFiles'
import { SOURCE_FORMATS, type SourceFormat, type SourceSite } from './sourceItem'

const has = (root: string, ...names: string[]) => names.some((name) => fs.existsSync(path.join(root, name)))

/** Which format a path holds, from the files that mark each kind of site; undefined when none matches. */
export const detectFormat = (source: string): SourceFormat | undefined => {
  const stat = fs.statSync(source, { throwIfNoEntry: false })
  if (!stat) return undefined
  if (stat.isFile()) return /\.json$/i.test(source) ? 'ghost' : undefined
  if (isExportDir(source)) return 'export'
  if (has(source, 'source/_posts', 'source/_drafts')) return 'hexo'
  if (has(source, '_posts', '_drafts')) return 'jekyll'
  if (has(source, 'content', 'hugo.toml', 'hugo.yaml', 'config.toml')) return 'hugo'
  return undefined
}

const READERS: Record<SourceFormat, (source: string) => SourceSite> = {
  export: readExportDir,
  ghost: readGhostExport,
  hexo: readHexoSite,
  hugo: readHugoSite,
  jekyll: readJekyllSite,
}

export class SourceError extends Error {}

/**
 * Reads a whole source site (or Ghost export file) into items, in the given or detected format. The site is the
 * folder the path names, links resolved (or the folder of the export file): nothing outside it is read.
 */
export const readSite = (source: string, format?: SourceFormat): SourceSite => {
  if (!fs.existsSync(source)) throw new SourceError(`${source} does not exist`)
  const resolved = fs.realpathSync(source)
  const kind = format ?? detectFormat(resolved)
  if (!kind) {
    throw new SourceError(
      `${source} is not a Hugo, Jekyll or Hexo site, a Ghost export (.json) or an export folder; name the format with --format ${SOURCE_FORMATS.join('|')}`,
    )
  }
  const isFile = fs.statSync(resolved).isFile()
  if ((kind === 'ghost') !== isFile) throw new SourceError(kind === 'ghost' ? 'a Ghost export is a .json file' : `a ${kind} site is a folder`)
  try {
    return READERS[kind](resolved)
  } catch (error) {
    if (error instanceof SiteFileError) throw new SourceError(error.message)
    throw error
  }
}
