/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { Page } from 'playwright'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makePremium, makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { pngBytes, setProgress, wavBytes } from '#tests/support/content'
import { axeFindings, describeFindings } from '#tests/support/axe'
import { eventually } from '#tests/support/eventually'
import { createDeck } from '#actions/decks/create_deck'
import { progressOf } from '#scheduling/progress_row'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'

/*
 * Issue 34's browser test: a deck taken offline, studied with no connection across a reload and a closed
 * tab, then sent back: every answer recorded once, each card's schedule the one the device computed with the
 * server's own scheduler (which the server computes again when it replays them), and the day active.
 */

const REVIEWS = 10
const NEW_PER_DAY = 19

/** A file uploaded for the deck, as the path its notes name (`/media/<key>`). */
async function upload(
  client: ApiClient,
  token: string,
  deckId: number,
  bytes: Buffer,
  name: string
) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', bytes, { filename: name })
  response.assertStatus(200)
  return new URL(response.body().url as string).pathname
}

/*
 * "Capitals": ten reviews due now, then new cards (at most 19 a day): the first new card shows a picture,
 * the second plays a sound.
 */
async function deckWithMedia(client: ApiClient) {
  const user = await makePremium(await makeUser({ email: 'ana@example.test' }))
  await db.from('users').where('id', user.id).update({ learning_tutorial_seen: true })
  const deck = await createDeck(user, { name: 'Capitals' })
  await db.from('decks').where('id', deck.id).update({ new_cards_per_day: NEW_PER_DAY })
  const token = await tokenFor(user)
  const picture = await upload(client, token, deck.id, pngBytes(), 'flag.png')
  const sound = await upload(client, token, deck.id, wavBytes(8000), 'anthem.wav')
  await bulkCreateNotes(user, {
    deck_id: deck.id,
    import_data: Array.from({ length: REVIEWS + 25 }, (_, index) => ({
      front:
        `Country ${index + 1}` +
        (index === REVIEWS ? ` <img src="${picture}" alt="flag">` : '') +
        (index === REVIEWS + 1 ? ` <audio controls src="${sound}"></audio>` : ''),
      back: `Capital ${index + 1}`,
    })),
  })
  const notes = await db.from('notes').where('deck_id', deck.id).orderBy('id').select('id')
  const due = new Date(Date.now() - 3_600_000)
  for (const note of notes.slice(0, REVIEWS))
    await setProgress(user.id, note.id, { state: 'review', dueAt: due })
  return { user, deck, picture, sound }
}

type Run = { again: number | null; cameBack: boolean; studied: number }

/*
 * Answers what the page shows, `count` times: reviews and learning cards Good, the first new card Again (a
 * learning step), the other new cards Good; notes when the card answered Again comes back.
 */
async function study(page: Page, count: number, run: Run) {
  for (let index = 0; index < count; index++) {
    const front = page.locator('.learn-card[data-side="front"]')
    await front.waitFor()
    const id = Number(await front.getAttribute('data-card-id'))
    const kind = await page.locator('.learn-count.current').getAttribute('data-counter')
    await page.getByRole('button', { name: /^Show answer/ }).click()
    await page.locator('.learn-card[data-side="back"]').waitFor()
    let answer = 'Good'
    if (kind === 'new' && run.again === null) {
      run.again = id
      answer = 'Again'
    } else if (id === run.again) run.cameBack = true
    await page.getByRole('button', { name: new RegExp(`^${answer}`) }).click()
    run.studied++
    await page.locator(`[data-studied="${run.studied}"]`).waitFor()
  }
}

/** The cards' schedule as the device holds it (IndexedDB), by card id. */
function deviceSchedule(page: Page) {
  return page.evaluate(async () => {
    const store = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('mnemo-offline')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const cards = await new Promise<any[]>((resolve, reject) => {
      const request = store.transaction('cards').objectStore('cards').getAll()
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    store.close()
    return Object.fromEntries(
      cards.map((card) => [
        card.id,
        {
          state: card.progress.state,
          dueAt: card.progress.dueAt,
          intervalDays: card.progress.intervalDays,
          ease: card.progress.ease,
          step: card.progress.step,
          reps: card.progress.reps,
          lapses: card.progress.lapses,
        },
      ])
    )
  })
}

/** The cards' schedule as the server holds it (card_progress, read as the schedulers read it). */
async function serverSchedule(userId: number) {
  const rows = await db.from('card_progress').where('user_id', userId).orderBy('card_id')
  return Object.fromEntries(
    rows.map((row) => {
      const progress = progressOf(row)
      return [
        String(row.card_id),
        {
          state: progress.state,
          dueAt: progress.dueAt?.toISOString() ?? null,
          intervalDays: progress.intervalDays,
          ease: progress.ease,
          step: progress.step,
          reps: progress.reps,
          lapses: progress.lapses,
        },
      ]
    })
  )
}

/** Whether the service worker keeps the offline page (the shell) in this browser. */
function shellKept(page: Page) {
  return page.evaluate(async () => {
    for (const name of await caches.keys())
      if (name.startsWith('mnemo-shell-') && (await (await caches.open(name)).match('/offline')))
        return true
    return false
  })
}

async function assertAccessible(page: Page, screen: string, assert: any) {
  const found = describeFindings(screen, await axeFindings(page))
  assert.deepEqual(found, [], `${found.length} axe findings:\n${found.join('\n')}`)
}

test.group('Studying offline in the browser (issue 34)', (group) => {
  group.each.setup(() => resetState())

  test('a deck taken offline is studied across a reload and a closed tab, then replayed exactly once', async ({
    browserContext,
    client,
    assert,
  }) => {
    /* a bound for a busy machine (the whole suite shares two cores), not a timed assertion */
    browserContext.setDefaultTimeout(90_000)
    browserContext.setDefaultNavigationTimeout(90_000)
    const { user, deck, picture, sound } = await deckWithMedia(client)
    const page = await hydrated(await browserContext.visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}`)
    await page.getByRole('switch', { name: 'Available offline' }).click()
    await page.locator('[data-offline-status="ready"]').waitFor()
    assert.match(await page.locator('[data-offline-usage]').innerText(), /MB of 500 MB/)
    /* the shell kept by the service worker, with the page's code */
    await eventually(() => shellKept(page), 'the offline shell kept')

    const context = browserContext
    await context.setOffline(true)
    await page.reload()
    await hydrated(page)
    await page.getByRole('heading', { name: 'Study offline', level: 1 }).waitFor()
    await assertAccessible(page, 'offline decks', assert)
    await page.getByRole('button', { name: 'Study Capitals' }).click()

    const run: Run = { again: null, cameBack: false, studied: 0 }
    /* a review answered; the next one answered, undone (the same card is back), then answered again below */
    await study(page, 1, run)
    const front = page.locator('.learn-card[data-side="front"]')
    await front.waitFor()
    const undone = Number(await front.getAttribute('data-card-id'))
    await page.getByRole('button', { name: /^Show answer/ }).click()
    await page.getByRole('button', { name: /^Good/ }).click()
    await page.locator('[data-studied="2"]').waitFor()
    await page.getByRole('button', { name: /^Undo/ }).click()
    await page.locator('[data-studied="1"]').waitFor()
    assert.equal(Number(await front.getAttribute('data-card-id')), undone)
    await study(page, REVIEWS - 1, run)

    /* the first new card: its picture comes from the device */
    const image = page.frameLocator('.learn-card iframe').locator('img[alt="flag"]')
    await image.waitFor()
    assert.isAbove(
      await image.evaluate(async (element: HTMLImageElement) => {
        await element.decode().catch(() => {})
        return element.naturalWidth
      }),
      0
    )
    await assertAccessible(page, 'offline study', assert)
    await study(page, 30 - REVIEWS, run)
    assert.isTrue(run.cameBack, 'the card answered Again came back in the session')
    assert.isTrue(
      await page.evaluate(
        async ([png, wav]) => (await fetch(png)).ok && (await fetch(wav)).ok,
        [picture, sound]
      )
    )

    /* the tab closed, another opened with no connection */
    await page.close()
    const again = await context.newPage()
    await again.goto('/offline')
    await hydrated(again)
    await again.getByRole('button', { name: 'Study Capitals' }).click()
    const second: Run = { ...run, studied: 0 }
    await study(again, 10, second)
    await again.locator('[data-offline-waiting="40"]').waitFor()
    const device = await deviceSchedule(again)
    assert.equal(
      Number((await db.from('review_logs').where('user_id', user.id).count('* as n'))[0].n),
      0
    )

    await context.setOffline(false)
    await again.locator('[data-offline-waiting="0"]').waitFor()
    const logs = await db.from('review_logs').where('user_id', user.id)
    assert.lengthOf(logs, 40)
    assert.lengthOf(
      new Set(logs.map((log) => `${log.card_id}:${new Date(log.reviewed_at).toISOString()}`)),
      40
    )
    const server = await serverSchedule(user.id)
    assert.deepEqual(
      server,
      Object.fromEntries(Object.entries(device).filter(([id]) => id in server))
    )
    const answered = new Set(logs.map((log) => String(log.card_id)))
    assert.deepEqual(Object.keys(server).filter((id) => answered.has(id)).length, answered.size)

    const today = await db.from('study_days').where('user_id', user.id)
    assert.lengthOf(today, 1)
    assert.isAtLeast(Number(today[0].cards_studied), 5)
    const learner = await db.from('users').where('id', user.id).firstOrFail()
    assert.isAtLeast(Number(learner.streak_current), 1)
  }).timeout(240_000)

  test('signing out forgets the kept offline page, which names the learner; their decks stay', async ({
    browserContext,
    client,
    assert,
  }) => {
    browserContext.setDefaultTimeout(90_000)
    const { deck } = await deckWithMedia(client)
    const page = await hydrated(await browserContext.visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}`)
    await page.getByRole('switch', { name: 'Available offline' }).click()
    await page.locator('[data-offline-status="ready"]').waitFor()
    await eventually(() => shellKept(page), 'the offline shell kept')

    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/decks'))
    await eventually(async () => !(await shellKept(page)), 'the offline shell forgotten')
    /* the device's copy of the deck is not the page: it stays for the learner's next sign-in */
    const kept = await page.evaluate(
      (deckId) =>
        new Promise<boolean>((resolve, reject) => {
          const request = indexedDB.open('mnemo-offline')
          request.onerror = () => reject(request.error)
          request.onsuccess = () => {
            const read = request.result.transaction('decks').objectStore('decks').get(deckId)
            read.onsuccess = () => resolve(read.result?.status === 'ready')
            read.onerror = () => reject(read.error)
          }
        }),
      deck.id
    )
    assert.isTrue(kept, 'the offline deck kept on the device')

    /* signed in again, the deck page keeps the shell again */
    await open(page, '/sign-in')
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}`)
    await page.locator('[data-offline-status="ready"]').waitFor()
    await eventually(() => shellKept(page), 'the offline shell kept again')
  }).timeout(180_000)
})
