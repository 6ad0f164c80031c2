/** A problem with the service's configuration: reported as one line, and the start stops. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Ends a start that failed: a ConfigError as its one line, anything else with its stack. */
export const exitOnStartError = (error: unknown): never => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`)
  else process.stderr.write(`Start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
}
