/** A byte count for people: `812 B`, `14.2 kB`, `3.1 MB`, `1.4 GB`. */
export const byteSize = (bytes: number): string => {
  const units = ['B', 'kB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`
}
