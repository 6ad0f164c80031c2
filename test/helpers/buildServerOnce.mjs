import { buildServer } from '../../scripts/build-server.mjs'

/**
 * Jest's globalSetup: compiles the server once per run, as `npm start` does, so that every test that starts it as a
 * process runs the build (test/helpers/serverProcess.ts) instead of compiling the sources through tsx each time.
 */
export default async function buildServerOnce() {
  await buildServer()
}
