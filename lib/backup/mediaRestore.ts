import fs from 'node:fs'
import path from 'node:path'

/**
 * Puts the restored media folder in place of the current one, by renames on one file system (`restored` and
 * `scratch` are inside the data folder): the current folder is moved into `scratch`, which the caller removes.
 */
export const replaceMediaFolder = (restored: string, mediaDir: string, scratch: string) => {
  fs.mkdirSync(restored, { recursive: true })
  if (fs.existsSync(mediaDir)) fs.renameSync(mediaDir, path.join(scratch, 'replaced-media'))
  fs.mkdirSync(path.dirname(mediaDir), { recursive: true })
  fs.renameSync(restored, mediaDir)
}
