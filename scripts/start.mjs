// `npm start`: builds the admin UI if its sources changed, then runs the server in this same process, so a
// SIGTERM sent to it reaches the server's own graceful shutdown.
import { adminBuildIsCurrent, buildAdmin } from './adminBuild.mjs'

const adminOff = ['0', 'false', 'no', 'off'].includes((process.env.ADMIN ?? '').trim().toLowerCase())

if (!adminOff && !adminBuildIsCurrent()) buildAdmin()

const { runServer } = await import('../server.ts')
await runServer()
