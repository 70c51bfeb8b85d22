import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { fixture } from '#tests/support/fixtures'
import { signedIn, pageCall } from '#tests/support/web_session'
import { withQueuePaused } from '#tests/support/content'
import { WORK_LIMITS } from '#actions/jobs/work_limits'
import { upload } from '../api/imports/support.js'

/*
 * One learner cannot take the service down (issue 27): the imports, AI
 * generations and scans a learner may have waiting or running at once, and
 * ask for in an hour, by plan (app/actions/jobs/work_limits.ts), through
 * both doors. The queue is paused where the count must not move under the
 * test (a finished import frees its place).
 */
const csv = () => Buffer.from('front,back\nhola,hello\n')

function webForm(name = 'words.csv') {
  const data = new FormData()
  data.append('file', new Blob([csv()]), name)
  return data
}

const premium = async (userId: number) =>
  db.from('users').where('id', userId).update({ is_premium: true })

/* frees the learner's places without the worker: the imports as if ended */
const endImports = async (userId: number) =>
  db.from('deck_imports').where('user_id', userId).update({ status: 'failed' })

const wordsPng = () => readFileSync(fixture('ocr', 'words.png')).toString('base64')

test.group('Work limits: at once and per hour, by plan', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(120_000)

  test('20 parallel imports: a premium learner gets 5 through, a free one 3; the rest are 429 E_TOO_MANY_JOBS', async ({
    client,
    assert,
  }) => {
    const rich = await makeUser()
    await premium(rich.id)
    const poor = await makeUser()
    const [richToken, poorToken] = [await tokenFor(rich), await tokenFor(poor)]
    const answers = await withQueuePaused(async () => {
      const richAnswers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => upload(client, richToken, csv(), `rich-${i}.csv`))
      )
      const poorAnswers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => upload(client, poorToken, csv(), `poor-${i}.csv`))
      )
      return { richAnswers, poorAnswers }
    })
    const statuses = (list: { status(): number }[]) => list.map((response) => response.status())
    const accepted = (list: { status(): number }[]) =>
      statuses(list).filter((status) => status === 202).length
    assert.equal(accepted(answers.richAnswers), WORK_LIMITS.import.premium.atOnce)
    assert.equal(accepted(answers.poorAnswers), WORK_LIMITS.import.free.atOnce)
    /* the free learner's hour allows 10: of the 20, the others are the hour's 429 or the cap's */
    const refused = answers.richAnswers.find((response) => response.status() === 429)!
    assertErrorBody(assert, refused.body(), 'E_TOO_MANY_JOBS')
    assert.equal(refused.body().title, 'Too many imports at once')
    assert.include(refused.body().body, '5 imports waiting or running')
    /* nothing of a refused upload stays: rows as many as accepted */
    assert.equal(
      Number((await db.from('deck_imports').where('user_id', rich.id).count('* as n').first()).n),
      5
    )
    assert.equal(
      Number((await db.from('decks').where('user_id', poor.id).count('* as n').first()).n),
      WORK_LIMITS.import.free.atOnce
    )
    /* in the learner's language */
    const german = await withQueuePaused(() =>
      upload(client, richToken, csv(), 'de.csv').header('accept-language', 'de')
    )
    german.assertStatus(429)
    assert.include(german.body().body, '5 Importe')
  })

  test("the web door counts the same imports: a free learner's fourth at once is 429 E_TOO_MANY_JOBS", async ({
    assert,
  }) => {
    const { web } = await signedIn('limits@example.test')
    await web.get('/')
    const answers = await withQueuePaused(async () => {
      const all = []
      for (let i = 0; i <= WORK_LIMITS.import.free.atOnce; i++)
        all.push(await pageCall(web, 'POST', '/deck_imports', webForm()))
      return all
    })
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [202, 202, 202, 429]
    )
    assertErrorBody(assert, answers[3].body, 'E_TOO_MANY_JOBS')
  })

  test(
    "imports an hour: the free plan's 11th is 429 E_TOO_MANY_REQUESTS with a real Retry-After, on both " +
      'doors; premium goes on',
    async ({ client, assert }) => {
      const { user, web } = await signedIn('hourly@example.test')
      await web.get('/')
      const token = await tokenFor(user)
      const rich = await makeUser()
      await premium(rich.id)
      const richToken = await tokenFor(rich)
      await withQueuePaused(async () => {
        for (let i = 0; i < WORK_LIMITS.import.free.perHour!; i++) {
          const response =
            i % 2
              ? await upload(client, token, csv(), `n${i}.csv`)
              : await pageCall(web, 'POST', '/deck_imports', webForm())
          assert.equal(
            typeof response.status === 'function' ? response.status() : response.status,
            202,
            `import ${i + 1}`
          )
          await endImports(user.id)
          const other = await upload(client, richToken, csv(), `r${i}.csv`)
          other.assertStatus(202)
          await endImports(rich.id)
        }
        const api = await upload(client, token, csv(), 'one-too-many.csv')
        api.assertStatus(429)
        assertErrorBody(assert, api.body(), 'E_TOO_MANY_REQUESTS')
        const wait = Number(api.header('retry-after'))
        assert.isAbove(wait, 3000)
        assert.isAtMost(wait, 3600)
        const page = await pageCall(web, 'POST', '/deck_imports', webForm())
        assert.equal(page.status, 429)
        assertErrorBody(assert, page.body, 'E_TOO_MANY_REQUESTS')
        assert.isAtMost(Number(page.headers.get('retry-after')), 3600)
        /* the premium learner's 11th in the hour is fine */
        const more = await upload(client, richToken, csv(), 'eleventh.csv')
        more.assertStatus(202)
      })
      assert.equal(
        Number((await db.from('deck_imports').where('user_id', user.id).count('* as n').first()).n),
        WORK_LIMITS.import.free.perHour
      )
    }
  )

  test(
    "scans an hour: the free plan's 21st is 429 with Retry-After on the API and the editor; " +
      'premium goes on',
    async ({ client, assert }) => {
      const { user, web } = await signedIn('scans@example.test')
      await web.get('/')
      const token = await tokenFor(user)
      const image = wordsPng()
      for (let i = 0; i < WORK_LIMITS.ocr.free.perHour!; i++) {
        const response =
          i % 2
            ? await client
                .post('/api/ai/image_occlusion')
                .bearerToken(token)
                .json({ base64: image })
            : await pageCall(web, 'POST', '/notes/scan_text', { base64: image })
        assert.equal(
          typeof response.status === 'function' ? response.status() : response.status,
          200,
          `scan ${i + 1}`
        )
      }
      const api = await client
        .post('/api/ai/image_occlusion')
        .bearerToken(token)
        .json({ base64: image })
      api.assertStatus(429)
      assertErrorBody(assert, api.body(), 'E_TOO_MANY_REQUESTS')
      assert.isAbove(Number(api.header('retry-after')), 3000)
      const page = await pageCall(web, 'POST', '/notes/scan_text', { base64: image })
      assert.equal(page.status, 429)
      assert.isAbove(Number(page.headers.get('retry-after')), 3000)
      await premium(user.id)
      const upgraded = await client
        .post('/api/ai/image_occlusion')
        .bearerToken(token)
        .json({ base64: image })
      upgraded.assertStatus(200)
    }
  )

  test("scans at once: a free learner's second scan while one runs is 429 E_TOO_MANY_JOBS", async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const token = await tokenFor(user)
    const image = wordsPng()
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        client.post('/api/ai/image_occlusion').bearerToken(token).json({ base64: image })
      )
    )
    /* sent at once, they overlap (each scan takes its fraction of a second): one runs, the others are refused */
    const statuses = answers.map((response) => response.status())
    assert.includeMembers(statuses, [200, 429])
    assertErrorBody(
      assert,
      answers.find((response) => response.status() === 429)!.body(),
      'E_TOO_MANY_JOBS'
    )
    /* once they are done, the next scan is fine again */
    const after = await client
      .post('/api/ai/image_occlusion')
      .bearerToken(token)
      .json({ base64: image })
    after.assertStatus(200)
  })

  test(
    'AI generations at once: of 10 parallel word lists a premium learner gets 3 through, the rest 429 ' +
      'E_TOO_MANY_JOBS',
    async ({ client, assert }) => {
      const rich = await makeUser()
      await premium(rich.id)
      const token = await tokenFor(rich)
      const answers = await withQueuePaused(() =>
        Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            client
              .post('/api/notes/ai_bulk_create')
              .bearerToken(token)
              .json({ user_prompt: `gato\nperro${i}`, deck_name: `Words ${i}` })
          )
        )
      )
      const statuses = answers.map((response) => response.status())
      assert.equal(
        statuses.filter((status) => status === 201 || status === 200).length,
        WORK_LIMITS.ai.premium.atOnce,
        JSON.stringify(statuses)
      )
      assertErrorBody(
        assert,
        answers.find((response) => response.status() === 429)!.body(),
        'E_TOO_MANY_JOBS'
      )
      assert.equal(
        Number((await db.from('ai_streams').where('user_id', rich.id).count('* as n').first()).n),
        WORK_LIMITS.ai.premium.atOnce
      )
    }
  )
})
