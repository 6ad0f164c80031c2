// create-payload-app's blank template (SQLite), with the blog-portfolio-service plugin added to `plugins`. The plugin
// extends the template's `users` and `media` and moves Payload's REST to /cms-api, leaving /api to the contract
// (src/app/api/[...route]/route.ts). The settings come from the same variables as the standalone service.
import path from 'path'
import { fileURLToPath } from 'url'

import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { blogPortfolio, readEnv, selectDatabase } from 'blog-portfolio-service'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { Media } from './collections/Media'
import { Users } from './collections/Users'
import { migrations } from './migrations'

const filename = fileURLToPath(import.meta.url)
const dirname = path.dirname(filename)

const env = readEnv(process.env)
const database = selectDatabase(env.databaseUrl, env.dataDir)
if (database.kind !== 'sqlite') throw new Error('This example is set up for SQLite: DATABASE_URL=file:./data/app.db')

export default buildConfig({
  admin: {
    user: Users.slug,
    importMap: {
      baseDir: path.resolve(dirname),
    },
  },
  collections: [Users, Media],
  editor: lexicalEditor(),
  // Next's build evaluates the config without the production secret.
  secret: env.payloadSecret || 'build-only-secret',
  typescript: {
    outputFile: path.resolve(dirname, 'payload-types.ts'),
  },
  db: sqliteAdapter({
    client: { url: database.url },
    // WAL lets reads go on while a write is under way; busyTimeout waits out a short lock.
    wal: true,
    busyTimeout: 1000,
    // Development pushes the schema; `next start` (production) runs these, made by `npm run payload migrate:create`.
    prodMigrations: migrations,
  }),
  sharp,
  plugins: [
    blogPortfolio({
      firstAdmin: env.adminEmail && env.adminPassword ? { email: env.adminEmail, password: env.adminPassword } : undefined,
      mediaDir: path.join(env.dataDir, 'media'),
      siteUrl: env.siteUrl,
    }),
  ],
})
