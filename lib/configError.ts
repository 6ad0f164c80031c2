/** A problem with the service's configuration: reported as one line, and the start stops. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}
