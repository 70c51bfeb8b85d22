/*
| Test runner entrypoint. Without DATABASE_URL (or DB_HOST) the tests run
| against an embedded PostgreSQL of their own, under tmp/postgres/test.
| With no arguments, the suites run in two processes at once (bin/test_shards.ts),
| and the pages come from their production build (bin/client_build.ts), made
| first when the sources changed; a run given arguments (a suite, --files…)
| uses Vite's development server. TEST_ASSETS=build or dev chooses.
*/
process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'
import { createIgnitor } from './ignitor.js'
import { EmbeddedDatabaseError, ensureDatabase } from './embedded_postgres.js'
import { runShards, runsInShards } from './test_shards.js'
import { ensureClientBuild } from './client_build.js'

const embedded = await ensureDatabase('test').catch((error) => {
  if (!(error instanceof EmbeddedDatabaseError)) throw error
  console.error(`[test] ${error.message}`)
  process.exit(1)
})

process.env.TEST_ASSETS ??= process.argv.length > 2 ? 'dev' : 'build'
/* a shard's parent built them */
if (process.env.TEST_ASSETS === 'build' && !process.env.TEST_SHARD) {
  await ensureClientBuild((line) => console.log(`[test] ${line}`))
}

if (runsInShards(process.argv.slice(2))) {
  const code = await runShards(process.env.DATABASE_URL!).finally(() => embedded?.stop())
  process.exit(code)
}

createIgnitor()
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([
          () => app.terminate(),
          async () => embedded?.stop(),
        ]),
      },
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
