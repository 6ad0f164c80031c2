import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The nearest folder at or above `start` holding a package.json. */
const folderWithPackageJson = (start: string): string => {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json at or above ${start}`)
  }
}

/**
 * The project's folder (where package.json, .next and the migrations are). Found from this file's place, which is
 * `lib/` when the sources run through tsx and `dist/` when `npm start` runs the server build: both sit one level
 * below it, and neither holds a package.json.
 */
export const projectRoot = folderWithPackageJson(path.dirname(fileURLToPath(import.meta.url)))
