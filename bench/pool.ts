/**
 * Runs `task(0)` ... `task(count - 1)` with at most `concurrency` of them in flight. The first failure stops new
 * tasks from starting and is rethrown once the running ones have settled.
 */
export const runPool = async (count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<void> => {
  let next = 0
  let failure: { error: unknown } | undefined
  const worker = async () => {
    while (!failure && next < count) {
      const index = next++
      try {
        await task(index)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker))
  if (failure) throw failure.error
}
