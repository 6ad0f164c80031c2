import { getPayload } from 'payload'

import { composeConfig } from '../../composeConfig'
import { closeDatabase } from '../db/closeDatabase'
import type { ServiceEnv } from '../env'
import { ImportOptionError, type ImportOptions, importSite } from './importBlog'
import { formatReport, hasFailures } from './importReport'
import { progressBar } from './progressBar'
import type { SourceSite } from './sourceItem'

/**
 * `npm run import`'s work once its arguments and the source are read: imports `site` into the service's database and
 * prints the report. Its exit code: 0 when everything was imported or unchanged, 2 when items were skipped for a
 * problem, 1 for an option that makes the import impossible (an unknown author).
 */
export const runImport = async (env: ServiceEnv, site: SourceSite, options: Omit<ImportOptions, 'onProgress'>): Promise<number> => {
  const payload = await getPayload({ config: composeConfig(env) })
  const progress = progressBar()
  try {
    const report = await importSite(payload, site, { ...options, onProgress: progress.update })
    progress.stop()
    console.log(formatReport(report))
    return hasFailures(report) ? 2 : 0
  } catch (error) {
    if (!(error instanceof ImportOptionError)) throw error
    console.error(error.message)
    return 1
  } finally {
    progress.stop()
    await closeDatabase(payload)
  }
}
