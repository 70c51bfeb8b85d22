import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import type User from '#models/user'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { setProgress, snapshot } from '#tests/support/content'

/** A main deck with a subdeck, one studied note in each. */
async function tree(user: User) {
  const main = await createDeck(user, { name: 'Biology' })
  const sub = await createDeck(user, { name: 'Cells', parent_id: main.id })
  const [inMain] = await bulkCreateNotes(user, {
    deck_id: main.id,
    import_data: [{ front: 'Heart', back: 'Pumps blood' }],
  })
  const [inSub] = await bulkCreateNotes(user, {
    deck_id: sub.id,
    import_data: [{ front: 'Ribosome', back: 'Makes proteins' }],
  })
  await setProgress(user.id, inMain.id, { state: 'review', dueAt: new Date() })
  await setProgress(user.id, inSub.id, { state: 'learning', dueAt: new Date() })
  return { main, sub }
}

/** The dialog's own fetch: the session's cookies, asking for JSON. */
async function getJson(web: WebSession, path: string) {
  const response = await fetch(`${web.base}${path}`, {
    headers: {
      accept: 'application/json',
      cookie: [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
    redirect: 'manual',
  })
  return { status: response.status, body: await response.json().catch(() => null) }
}

const page = async (web: WebSession, path: string) => {
  const response = await web.get(path)
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
  return WebSession.page(response.text)
}

const deckRows = (ids: number[]) =>
  db
    .from('decks')
    .whereIn('id', ids)
    .orderBy('id')
    .select('id', 'algorithm_preset', 'algorithm_type', 'algorithm_settings')

const progressCount = async (userId: number) =>
  Number((await db.from('card_progress').where('user_id', userId).count('* as n').first()).n)

test.group('Web: algorithm settings', (group) => {
  group.each.setup(() => resetState())

  test("the dialog gets the main deck's settings and every preset's values as JSON", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main, sub } = await tree(user)

    const own = await getJson(web, `/decks/${main.id}/algorithm`)
    assert.equal(own.status, 200)
    assert.include(own.body, {
      deckId: main.id,
      rootDeckId: main.id,
      editable: true,
      algorithmPreset: 'general',
      algorithmType: 'spacedRepetition',
      stepsInMinutes: '1 15',
      easyBonusPercent: 0,
      intervalModifierPercent: 0,
      maxIntervalMinutes: 0,
      smartScheduling: false,
    })
    assert.sameMembers(Object.keys(own.body.presets), [
      'general',
      'languages',
      'medical',
      'speed_learning',
      'custom',
    ])
    assert.include(own.body.presets.languages, {
      algorithmType: 'spacedRepetition',
      stepsInMinutes: '1 15 60',
      intervalModifier: 0.9,
    })
    assert.include(
      own.body.presets.medical,
      { maxIntervalDays: 365, newCardsPerDay: null, maxCardsPerDay: null },
      'medical has no daily limits'
    )
    assert.equal(own.body.presets.speed_learning.algorithmType, 'speedLearning')

    const fromSub = await getJson(web, `/decks/${sub.id}/algorithm`)
    assert.include(fromSub.body, { deckId: sub.id, rootDeckId: main.id, editable: false })

    /* typed into the address bar, the dialog's address lands on the deck */
    assert.equal(
      (await web.get(`/decks/${main.id}/algorithm`)).location,
      `/decks/${main.id}?tab=settings`
    )

    const other = await signedIn('bob@example.test')
    const foreign = await getJson(other.web, `/decks/${main.id}/algorithm`)
    assert.equal(foreign.status, 404)
    assert.equal(foreign.body.code, 'E_NOT_FOUND')
    assert.equal((await other.web.get(`/decks/${main.id}/algorithm`)).status, 404)

    const visitor = new WebSession()
    await visitor.get('/sign-in')
    assert.equal(
      (await visitor.get(`/decks/${main.id}/algorithm`)).location,
      `/sign-in?next=${encodeURIComponent(`/decks/${main.id}/algorithm`)}`
    )
  })

  test('custom tuning is saved on the main deck and its subdecks', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main, sub } = await tree(user)
    await web.get('/')

    const response = await web.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'custom',
      steps_in_minutes: ' 2 30 ',
      easy_bonus_percent: 10,
      interval_modifier_percent: -5,
      max_interval_minutes: 30 * 1440,
    })
    assert.equal(response.status, 302)
    assert.equal(
      new URL(response.location!, web.base).pathname,
      '/',
      'back to the page the dialog was opened on'
    )

    for (const row of await deckRows([main.id, sub.id])) {
      assert.equal(row.algorithm_preset, 'custom', `deck ${row.id}`)
      assert.deepEqual(row.algorithm_settings, {
        steps_in_minutes: '2 30',
        easy_bonus_percent: 10,
        interval_modifier_percent: -5,
        max_interval_minutes: 43200,
      })
    }
    /* the dialog's background fetch must leave the toast for the page */
    const fromSub = await getJson(web, `/decks/${sub.id}/algorithm`)
    assert.include(fromSub.body, {
      algorithmPreset: 'custom',
      stepsInMinutes: '2 30',
      intervalModifierPercent: -5,
      maxIntervalMinutes: 43200,
    })
    const home = await page(web, '/')
    assert.equal(home.props.flash.success, 'Algorithm settings saved')
    assert.equal(await progressCount(user.id), 2, 'tuning within spaced repetition keeps progress')
  })

  test('bad tuning comes back as field errors and changes nothing', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main } = await tree(user)
    await web.get('/')
    const before = await snapshot()

    await web.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'custom',
      steps_in_minutes: 'soon',
    })
    assert.equal(
      (await page(web, '/')).props.errors.steps_in_minutes,
      'Learning steps must be numbers of minutes, like 1 15, or with units, like 10m 1h 1d'
    )

    await web.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'custom',
      easy_bonus_percent: 1000,
    })
    assert.isString((await page(web, '/')).props.errors.easy_bonus_percent)

    await web.put(`/decks/${main.id}/algorithm`, { algorithm_preset: 'turbo' })
    assert.isString((await page(web, '/')).props.errors.algorithm_preset)

    assert.deepEqual(await snapshot(), before)
  })

  test('a switch of study mode asks first, then resets the progress of the whole deck', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main, sub } = await tree(user)
    await web.get('/')
    const before = await snapshot()

    const asked = await web.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'speed_learning',
    })
    assert.equal(asked.status, 302)
    const question = await page(web, '/')
    assert.equal(
      question.props.errors.confirm_reset,
      "Switching the algorithm resets this deck's progress"
    )
    assert.isNull(question.props.flash.error, 'a question for the dialog, not an error toast')
    assert.deepEqual(await snapshot(), before)

    await web.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'speed_learning',
      confirm_reset: true,
    })
    const done = await page(web, '/')
    assert.equal(done.props.flash.success, 'Algorithm changed; the deck’s progress was reset')
    assert.deepEqual(done.props.errors, {})
    assert.equal(await progressCount(user.id), 0)
    for (const row of await deckRows([main.id, sub.id])) {
      assert.include(
        row,
        { algorithm_preset: 'speed_learning', algorithm_type: 'speedLearning' },
        `deck ${row.id}`
      )
    }
  })

  test('a switch of study mode on a deck nobody studied yet needs no question', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const main = await createDeck(user, { name: 'Fresh' })
    const sub = await createDeck(user, { name: 'Fresh sub', parent_id: main.id })
    await bulkCreateNotes(user, {
      deck_id: sub.id,
      import_data: [{ front: 'Heart', back: 'Pumps blood' }],
    })
    await web.get('/')

    const switched = await web.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'speed_learning',
    })
    assert.equal(switched.status, 302)
    const done = await page(web, '/')
    assert.deepEqual(done.props.errors, {}, 'no confirm step')
    assert.equal(done.props.flash.success, 'Algorithm settings saved')
    for (const row of await deckRows([main.id, sub.id])) {
      assert.include(
        row,
        { algorithm_preset: 'speed_learning', algorithm_type: 'speedLearning' },
        `deck ${row.id}`
      )
    }
  })

  test("a subdeck, another user's deck and smart scheduling for a free learner are refused", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main, sub } = await tree(user)
    await web.get('/')
    const before = await snapshot()

    await web.put(`/decks/${sub.id}/algorithm`, { algorithm_preset: 'medical' })
    assert.equal(
      (await page(web, '/')).props.flash.error,
      'The algorithm can be changed on the main deck only'
    )

    await web.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'general',
      smart_scheduling: true,
    })
    assert.equal((await page(web, '/')).props.flash.error, 'This is a premium feature')

    const other = await signedIn('bob@example.test')
    await other.web.get('/')
    assert.equal(
      (await other.web.put(`/decks/${main.id}/algorithm`, { algorithm_preset: 'medical' })).status,
      404
    )
    assert.deepEqual(await snapshot(), before)

    /* the same switch works once the learner is premium */
    await db.from('users').where('id', user.id).update({ is_premium: true })
    await web.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'general',
      smart_scheduling: true,
    })
    assert.equal((await page(web, '/')).props.flash.success, 'Algorithm settings saved')
    assert.deepEqual((await deckRows([main.id]))[0].algorithm_settings, { scheduler: 'fsrs' })
  })

  test('saving needs the CSRF token and a signed-in user', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main } = await tree(user)
    await web.get('/')
    const before = await snapshot()

    const forged = await web.request(
      'PUT',
      `/decks/${main.id}/algorithm`,
      { algorithm_preset: 'speed_learning', confirm_reset: true },
      { csrf: false }
    )
    assert.equal(forged.status, 302)
    assert.equal(
      (await page(web, '/')).props.flash.error,
      'This page has expired. Please try again.'
    )

    const visitor = new WebSession()
    await visitor.get('/sign-in')
    const anonymous = await visitor.put(`/decks/${main.id}/algorithm`, {
      algorithm_preset: 'speed_learning',
      confirm_reset: true,
    })
    assert.equal(anonymous.location, '/sign-in')

    assert.deepEqual(await snapshot(), before)
    assert.equal(await progressCount(user.id), 2)
  })
})
