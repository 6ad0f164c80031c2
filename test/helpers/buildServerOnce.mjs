import { buildCommands, buildServer } from '../../scripts/build-server.mjs'

/**
 * The test run's globalSetup: compiles the server and the command-line scripts once per run, as `npm start` compiles the
 * server, so that the tests that start them as processes run the builds (test/helpers/serverProcess.ts,
 * test/helpers/commandLine.ts) instead of compiling the sources through tsx in every process.
 */
export default async function buildServerOnce() {
  await Promise.all([buildServer(), buildCommands()])
}
