import { getPayload } from 'payload'

import { composeConfig } from '../../composeConfig'
import { closeDatabase } from '../db/closeDatabase'
import type { ServiceEnv } from '../env'
import { ExportDirError, exportSite } from './exportBlog'
import { progressBar } from './progressBar'

/**
 * `npm run export`'s work once its arguments are read: writes the service's content into `dir` and prints what it
 * wrote. Its exit code: 0 when everything was written, 2 when media files were missing on disk, 1 for a folder that
 * cannot take the export.
 */
export const runExport = async (env: ServiceEnv, dir: string): Promise<number> => {
  const payload = await getPayload({ config: composeConfig(env) })
  const progress = progressBar()
  try {
    const summary = await exportSite(payload, dir, { onProgress: progress.update })
    progress.stop()
    console.log(
      `Exported ${summary.articles} articles, ${summary.projects} projects, ${summary.media} media files and ${summary.categories} categories to ${dir}`,
    )
    if (summary.missingMedia.length > 0) {
      console.error(`Missing on disk, not exported: ${summary.missingMedia.join(', ')}`)
      return 2
    }
    return 0
  } catch (error) {
    progress.stop()
    if (error instanceof ExportDirError) {
      console.error(error.message)
      return 1
    }
    throw error
  } finally {
    await closeDatabase(payload)
  }
}
