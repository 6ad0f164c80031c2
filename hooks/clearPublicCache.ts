import { publicCache } from '../lib/publicCache'

/**
 * Any change to a record the cached payloads show (home, skills) clears them, whichever door it came through.
 * One function serves as a collection afterChange, afterDelete and a global afterChange hook.
 */
export const clearPublicCache = <Doc>({ doc }: { doc: Doc }): Doc => {
  publicCache.clear()
  return doc
}
