// Kept on globalThis like the public cache: the admin UI's Next bundle loads its own copy of the hooks that write.
// Apart from searchMemory.ts so that the hooks (and so the admin UI's bundle) do not load the search thread's client.
const KEY = Symbol.for('blog-portfolio.searchWrites')
const holder = globalThis as typeof globalThis & { [KEY]?: { count: number } }
const searchWrites = (holder[KEY] ??= { count: 0 })

/** This process wrote an entry (before and once more after its transaction commits): its copy reads the log again. */
export const noteSearchWrite = (): void => {
  searchWrites.count++
}

/** How many entry writes this process has made: it only grows. */
export const searchWriteCount = (): number => searchWrites.count
