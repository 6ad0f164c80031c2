import fs from 'node:fs'
import path from 'node:path'

import type { SourceProblem } from './sourceItem'

const MARKDOWN_FILE = /\.(?:md|markdown)$/i

/** Whether a path lies inside a folder (the folder itself is not inside). */
export const isInside = (folder: string, file: string): boolean => {
  const relative = path.relative(folder, file)
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative)
}

/** The site-relative path of a file, with forward slashes on every system: the stable part of a source key. */
export const relativeTo = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/')

/** A file of the site that may not be read; its message says why, in the words of the import's report. */
export class SiteFileError extends Error {
  /** Whether the file's real path lies outside the site folder (rather than being missing or no regular file). */
  readonly outside: boolean

  constructor(message: string, outside = false) {
    super(message)
    this.outside = outside
  }
}

const unreadable = (error: unknown) => `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`

type Found = { kind: 'folder' | 'file'; real: string } | { kind: 'skipped'; reason: string; outside?: boolean } | { kind: 'missing' }

/**
 * Reads a file of the site: only a regular file whose real path (every link resolved) lies inside `root`, a real
 * path. The real path is opened without following a link and without waiting (a FIFO would block the import),
 * and checked again once open: a file swapped for a link or a FIFO after the check is not read either.
 */
export const readSiteFile = (root: string, file: string): Buffer => {
  const found = locate(root, file)
  if (found.kind === 'missing') throw new SiteFileError('not found')
  if (found.kind === 'skipped') throw new SiteFileError(found.reason, found.outside)
  if (found.kind === 'folder') throw new SiteFileError('not a regular file')
  let descriptor: number
  try {
    descriptor = fs.openSync(found.real, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
  } catch (error) {
    throw new SiteFileError(unreadable(error))
  }
  try {
    if (!fs.fstatSync(descriptor).isFile()) throw new SiteFileError('not a regular file')
    return fs.readFileSync(descriptor)
  } finally {
    fs.closeSync(descriptor)
  }
}

/** What a path of the site is once its links are resolved, and whether the import may read it. */
const locate = (root: string, file: string): Found => {
  let real: string
  let stat: fs.Stats
  try {
    real = fs.realpathSync(file)
    stat = fs.statSync(real)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    return { kind: 'skipped', reason: unreadable(error) }
  }
  if (real !== root && !isInside(root, real)) return { kind: 'skipped', reason: `a link to ${real}, outside the site folder: not read`, outside: true }
  if (stat.isDirectory()) return { kind: 'folder', real }
  if (stat.isFile()) return { kind: 'file', real }
  return { kind: 'skipped', reason: 'not a regular file: not read' }
}

/**
 * The folder of a source site, and the only way its readers list and read files: links are followed only where
 * they lead to a place inside the folder (its real path), and only regular files are read. What is left out is
 * kept in `skipped`, for the import's report.
 */
export class SiteFolder {
  /** The site folder's real path: labels and keys are relative to it. */
  readonly root: string
  readonly skipped: SourceProblem[] = []

  constructor(root: string) {
    this.root = fs.realpathSync(root)
  }

  /**
   * Markdown files under `dir` (recursively), sorted, as paths below the root; none when `dir` does not exist. A
   * folder or Markdown file that links outside the site, and a Markdown name that is no regular file (a FIFO, a
   * device), are skipped and noted; a folder reached twice through links is read once.
   */
  markdownFiles(dir: string): string[] {
    const files: string[] = []
    const seen = new Set<string>()
    const walk = (folder: string, found: Found) => {
      if (found.kind !== 'folder' || seen.has(found.real)) return
      seen.add(found.real)
      let names: string[]
      try {
        names = fs.readdirSync(folder).sort()
      } catch (error) {
        this.skip(folder, unreadable(error))
        return
      }
      for (const name of names) {
        const entry = path.join(folder, name)
        const inner = locate(this.root, entry)
        if (inner.kind === 'folder') walk(entry, inner)
        else if (MARKDOWN_FILE.test(name) && inner.kind === 'file') files.push(entry)
        else if (inner.kind === 'skipped' && (MARKDOWN_FILE.test(name) || isFolderLink(entry))) this.skip(entry, inner.reason)
      }
    }
    const top = locate(this.root, dir)
    if (top.kind === 'skipped') this.skip(dir, top.reason)
    else walk(dir, top)
    return files.sort()
  }

  /** A file of the site as text; throws a SiteFileError saying why it may not be read. */
  readText(file: string): string {
    return readSiteFile(this.root, file).toString('utf8')
  }

  private skip(file: string, reason: string) {
    this.skipped.push({ label: relativeTo(this.root, file), reason })
  }
}

/** Whether a link leads to a folder (wherever it is): such a link outside the site may hold posts, so it is reported. */
const isFolderLink = (entry: string): boolean => fs.statSync(entry, { throwIfNoEntry: false })?.isDirectory() === true
