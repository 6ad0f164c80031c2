import { commandBuild } from '../../scripts/build-server.mjs'

type Command = 'import' | 'export' | 'backup' | 'restore' | 'seed-demo'

/**
 * Node's arguments for one of the command-line scripts, as npm runs it but from its build (the test run's setup builds it
 * once per run: test/helpers/buildServerOnce.mjs), followed by `args`.
 */
export const commandArgs = (command: Command, args: string[] = []): string[] => ['--conditions=production', '--no-deprecation', commandBuild(command), ...args]
