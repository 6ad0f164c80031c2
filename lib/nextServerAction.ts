import { createRequire } from 'node:module'

type ActionStorage = { getStore: () => { isAction?: boolean } | undefined }

let actionStorage: ActionStorage | null | undefined

/**
 * Next's record of the server action being run (`actionAsyncStorage`, from a module Next keeps outside its bundles
 * so that every copy of its code shares it). Loaded once Next runs in the process, which it shows by putting
 * `AsyncLocalStorage` on `globalThis` before its own modules load: loaded earlier, the module would keep a stand-in
 * that throws, for Next too. `null` where Next does not ship it (any more).
 */
const nextActionStorage = (): ActionStorage | null | undefined => {
  if (actionStorage !== undefined || !('AsyncLocalStorage' in globalThis)) return actionStorage
  try {
    const external = createRequire(import.meta.url)('next/dist/server/app-render/action-async-storage.external') as { actionAsyncStorage?: ActionStorage }
    actionStorage = typeof external.actionAsyncStorage?.getStore === 'function' ? external.actionAsyncStorage : null
  } catch {
    actionStorage = null
  }
  return actionStorage
}

/**
 * Whether the code runs in a server action, such as the admin UI's server functions (form state, `table-state`,
 * `render-list`…), which run the Local API with arguments their caller sent. Payload gives them no request of their
 * own to tell by: `table-state` reads its page without one.
 */
export const inServerAction = (): boolean => nextActionStorage()?.getStore()?.isAction === true
