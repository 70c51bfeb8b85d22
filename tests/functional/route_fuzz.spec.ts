import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { redisUrl } from '#config/redis'
import { resetState, tokenFor } from '#tests/support/helpers'
import { signedIn, type WebSession } from '#tests/support/web_session'
import {
  caseOf,
  routerRoutes,
  urlOf,
  type FuzzCase,
  type FuzzIds,
  type FuzzRoute,
} from '#tests/support/route_fuzz'
import { basicNote, createDeck, createFolder, pngBytes } from '#tests/support/content'
import { upload } from './api/imports/support.js'
import { requestExport } from './api/exports/support.js'

/*
 * Every route of the router, API and web, signed in and signed out, with
 * generated malformed bodies, query strings and ids: no answer may be a 5xx
 * (nor a dropped connection). Seeded, so a failure replays: FUZZ_SEED picks
 * another seed, FUZZ_RUNS the cases per route and caller (default 15, about
 * 4,800 requests in all); each route runs its own seed, SEED + its index.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const RUNS = Number(process.env.FUZZ_RUNS ?? 15)

type Caller = { kind: 'signed in' | 'signed out'; headers: () => Record<string, string> }

/** A learner with one of each thing a path can name, and both doors open. */
async function learnerWithEverything(client: ApiClient) {
  const { user, web } = await signedIn('fuzz@example.test')
  const token = await tokenFor(user)
  const folder = await createFolder(client, token, { name: 'Languages' })
  const deck = await createDeck(client, token, { name: 'Spanish', folder_id: folder.id })
  const sub = await createDeck(client, token, { name: 'Verbs', parent_id: deck.id })
  const note = await basicNote(client, token, sub.id, 'hola', 'hello')
  const picture = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deck.id))
    .file('file', pngBytes(), { filename: 'p.png' })
  picture.assertStatus(200)
  const imported = await upload(client, token, Buffer.from('front,back\nuno,one\n'), 'words.csv')
  imported.assertStatus(202)
  const exported = await requestExport(client, token, { deck_id: deck.id })
  exported.assertStatus(202)
  const cards = await db.from('cards').where('note_id', note.id).select('id')
  const ids: FuzzIds = {
    ids: [
      user.id,
      folder.id,
      deck.id,
      sub.id,
      note.id,
      ...cards.map((card) => card.id),
      imported.body().id,
      exported.body().id,
    ],
    tokens: ['abc', 'a'.repeat(64), String(deck.id)],
    keys: [String(picture.body().url).split('/').pop()!, 'nothing.png'],
  }
  return { user, token, web, ids }
}

function cookieHeader(web: WebSession) {
  return [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

async function send(route: FuzzRoute, fuzzCase: FuzzCase, caller: Caller) {
  const headers: Record<string, string> = { accept: fuzzCase.accept, ...caller.headers() }
  if (fuzzCase.inertia) headers['x-inertia'] = 'true'
  if (fuzzCase.body.contentType) headers['content-type'] = fuzzCase.body.contentType
  const response = await fetch(
    `http://${process.env.HOST}:${process.env.PORT}${urlOf(route, fuzzCase)}`,
    {
      method: route.method,
      headers,
      body: fuzzCase.body.payload,
      redirect: 'manual',
      /*
       * a request that never gets an answer is a failure too (a response that could not be written leaves it
       * hanging)
       */
      signal: AbortSignal.timeout(15_000),
    }
  )
  return { status: response.status, text: (await response.text()).slice(0, 300) }
}

/* the routes that end the caller's session or account go last, so the others meet a signed-in caller */
const ENDS_SESSION =
  /^(DELETE \/api\/users\/:id|DELETE \/account|POST \/api\/authentication\/logout|POST \/sign-out)/
const order = (route: FuzzRoute) =>
  ENDS_SESSION.test(`${route.method} ${route.pattern}`) ? 2 : route.method === 'DELETE' ? 1 : 0

test.group('Fuzz: every route refuses malformed input without a 5xx', (group) => {
  group.each.setup(() => resetState())

  test(`${RUNS} generated requests per route and caller, seed ${SEED}`, async ({
    client,
    assert,
  }) => {
    const learner = await learnerWithEverything(client)
    const xsrf = () => decodeURIComponent(learner.web.cookies.get('XSRF-TOKEN') ?? '')
    const api: Caller[] = [
      { kind: 'signed in', headers: () => ({ authorization: `Bearer ${learner.token}` }) },
      { kind: 'signed out', headers: () => ({}) },
    ]
    const web: Caller[] = [
      {
        kind: 'signed in',
        headers: () => ({ 'cookie': cookieHeader(learner.web), 'x-xsrf-token': xsrf() }),
      },
      /* a visitor's session cookie has no user, but its CSRF token is good: the request reaches the route */
      {
        kind: 'signed out',
        headers: () => ({
          'cookie': `XSRF-TOKEN=${learner.web.cookies.get('XSRF-TOKEN')}`,
          'x-xsrf-token': xsrf(),
        }),
      },
    ]
    const routes = routerRoutes().sort((a, b) => order(a) - order(b))
    assert.isAbove(routes.length, 150, 'the router lists every route')

    const failures: string[] = []
    let requests = 0
    const store = redisUrl ? 'redis' : 'database'
    for (const [index, route] of routes.entries()) {
      /* the auth limits would answer 429 to most cases: every route starts with fresh limits */
      await limiter.clear([store])
      for (const caller of route.api ? api : web) {
        const details = await fc.check(
          fc.asyncProperty(caseOf(route, learner.ids), async (fuzzCase) => {
            requests++
            const answer = await send(route, fuzzCase, caller).catch((error) => ({
              status: 599,
              text: `no answer: ${error.cause?.code ?? error.message}`,
            }))
            if (answer.status >= 500) throw new Error(`${answer.status} ${answer.text}`)
          }),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true }
        )
        if (details.failed) {
          const [fuzzCase] = details.counterexample! as [FuzzCase]
          const body =
            fuzzCase.body.payload instanceof FormData
              ? '(multipart)'
              : JSON.stringify(fuzzCase.body.payload)?.slice(0, 200)
          failures.push(
            `[seed ${SEED + index}] ${route.method} ${urlOf(route, fuzzCase).slice(0, 200)} (${caller.kind}, ` +
              `accept ${fuzzCase.accept}) body ${body}: ` +
              `${String((details.errorInstance as Error)?.message).slice(0, 300)}`
          )
        }
      }
    }
    const health = await fetch(`http://${process.env.HOST}:${process.env.PORT}/api/health`)
    assert.equal(health.status, 200, 'the server still answers after the fuzz')
    assert.isAbove(requests, routes.length * 2 * RUNS * 0.8)
    assert.deepEqual(failures, [], `5xx answers (seed ${SEED}):\n${failures.join('\n')}`)
  }).timeout(360_000)
})
