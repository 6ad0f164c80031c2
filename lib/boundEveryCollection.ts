import type { Payload } from 'payload'

import { boundExternalQueries } from '../hooks/boundExternalQueries'
import { boundListPageSizeOnRead, boundListPageSizeOnWrite } from '../hooks/boundListPreferences'

/**
 * Puts the bounds on queries from outside the process (hooks/boundExternalQueries.ts) first on every collection: the
 * plugin's, the developer's, and Payload's own (`payload-jobs`, `payload-preferences`, `payload-locked-documents`,
 * `payload-migrations`, folders), which Payload adds to the config after the plugins have run, so only the
 * initialized instance has them all. Called from the plugin's `onInit`, which every host runs. The admin list view's
 * page size, kept in `payload-preferences`, gets its bounds there too (hooks/boundListPreferences.ts).
 */
export const boundEveryCollection = (payload: Payload): void => {
  for (const { config } of Object.values(payload.collections)) {
    const hooks = config.hooks.beforeOperation
    if (!hooks.includes(boundExternalQueries)) hooks.unshift(boundExternalQueries)
  }
  const preferences = payload.collections['payload-preferences']?.config.hooks
  if (preferences && !preferences.beforeChange.includes(boundListPageSizeOnWrite)) {
    preferences.beforeChange.push(boundListPageSizeOnWrite)
    preferences.afterRead.push(boundListPageSizeOnRead)
  }
}
