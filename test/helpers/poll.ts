/**
 * Calls `probe` every `everyMs` until it returns something other than `undefined`, and returns that; throws with
 * `what` when `timeoutMs` passes first. Tests wait for background work this way, never with fixed sleeps.
 */
export const pollUntil = async <Value>(
  what: string,
  probe: () => Promise<Value | undefined>,
  { timeoutMs = 15_000, everyMs = 100 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<Value> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
