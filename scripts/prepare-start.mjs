// First half of `npm start`: checks the heap setting, builds the admin UI if its sources changed, and compiles the
// server into dist/server.mjs. The second half (package.json) then `exec`s node on that build, so the server is
// the process a supervisor's SIGTERM reaches.
import { adminBuildIsCurrent, buildAdmin } from './adminBuild.mjs'
import { buildServer } from './build-server.mjs'
import { heapLimitProblem } from './server-flags.mjs'

const problem = heapLimitProblem(process.env)
if (problem) {
  console.error(problem)
  process.exit(1)
}

const adminOff = ['0', 'false', 'no', 'off'].includes((process.env.ADMIN ?? '').trim().toLowerCase())
if (!adminOff && !adminBuildIsCurrent()) buildAdmin()

await buildServer()
