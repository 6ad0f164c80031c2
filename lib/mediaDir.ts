import path from 'node:path'

/** The folder the media collection stores its uploads in: `media` under the data folder. */
export const mediaDirOf = (dataDir: string) => path.join(dataDir, 'media')
