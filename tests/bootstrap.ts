import { assert } from '@japa/assert'
import { ApiClient, apiClient, type ApiResponse } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { browserClient } from '@japa/browser-client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import { startIdentityServer, stopIdentityServer } from '#tests/support/identity_server'
import { startWorkerProcess, stopWorkerProcess } from '#tests/support/worker_process'
import { launchChromium } from '#tests/support/chromium'
import { assertNoPolicyViolations, watchPolicyViolations } from '#tests/support/policy_violations'
import { startStripeServer, stopStripeServer } from '#tests/support/stripe_server'
import {
  UNSPLASH_TEST_KEY,
  startUnsplashServer,
  stopUnsplashServer,
} from '#tests/support/unsplash_server'
import { startAiServer, stopAiServer } from '#tests/support/ai_server'
import env from '#start/env'
import { OpenApiResponses } from '#tests/support/openapi_responses'
import { guardPageProps } from '#tests/support/page_props_guard'

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  inertiaApiClient(app),
  browserClient({
    runInSuites: ['browser'],
    launcher: async (options) => watchPolicyViolations(await launchChromium(options)),
  }),
]

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    /* a page prop that skipped its transformer fails the request that renders it */
    () => guardPageProps(),
    /* a clean schema on every run, so a second CI run on the same database passes too */
    async () => {
      const db = await app.container.make('lucid.db')
      await db.rawQuery('DROP SCHEMA IF EXISTS public CASCADE')
      await db.rawQuery('DROP SCHEMA IF EXISTS bullmq CASCADE')
      await db.rawQuery('CREATE SCHEMA public')
      await testUtils.db().migrate()
    },
    () => startIdentityServer(),
    /* the Stripe double on a free port, which the (lazily built) Stripe client then uses */
    async () => env.set('STRIPE_API_PORT', await startStripeServer()),
    /*
     * the Unsplash double: image search is configured in tests (a test takes the key away to see the "not
     * configured" answer)
     */
    async () => {
      env.set('UNSPLASH_API_URL', await startUnsplashServer())
      env.set('UNSPLASH_ACCESS_KEY', UNSPLASH_TEST_KEY)
    },
    /* the AI providers' double (OpenAI and Anthropic APIs); the app stays offline until a test calls useAiDouble() */
    async () => {
      process.env.AI_DOUBLE_URL = await startAiServer()
    },
  ],
  teardown: [
    () => stopWorkerProcess(),
    () => stopIdentityServer(),
    () => stopStripeServer(),
    () => stopUnsplashServer(),
    () => stopAiServer(),
  ],
}

/*
 * Every /api answer a functional test receives must be what /api/openapi.json
 * says for its operation and status (tests/support/openapi_responses.ts): a
 * drift fails the request, so the test that made it fails.
 */
let openApiResponses: OpenApiResponses | undefined
async function conformsToOpenApi(response: ApiResponse) {
  const { openApiDocument } = await import('#services/openapi/document')
  openApiResponses ??= new OpenApiResponses(JSON.parse(JSON.stringify(openApiDocument())))
  const problems = openApiResponses.check(response)
  if (problems.length)
    throw new Error(`The answer differs from /api/openapi.json:\n${problems.join('\n')}`)
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  /* a page that breaks its Content-Security-Policy fails its test */
  if (suite.name === 'browser') {
    suite.onTest((test) => test.teardown(() => assertNoPolicyViolations()))
    suite.onGroup((group) => group.each.teardown(() => assertNoPolicyViolations()))
  }
  if (suite.name === 'functional') ApiClient.teardown(conformsToOpenApi)
  if (['browser', 'functional'].includes(suite.name)) {
    /* jobs run in `node ace queue:work`, a process of its own, as in production */
    suite.setup(() => startWorkerProcess(2))
    return suite.setup(() => testUtils.httpServer().start())
  }
}
