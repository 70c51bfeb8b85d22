/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { BrowserContext, Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { seedCategories } from '#tests/support/library'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'

const VERBS = [
  ['hablar', 'to speak'],
  ['comer', 'to eat'],
  ['vivir', 'to live'],
  ['ser', 'to be (lasting)'],
  ['estar', 'to be (state)'],
  ['tener', 'to have'],
  ['hacer', 'to do, to make'],
  ['ir', 'to go'],
  ['poder', 'to be able to'],
  ['decir', 'to say'],
  ['ver', 'to see'],
  ['dar', 'to give'],
  ['saber', 'to know (facts)'],
  ['querer', 'to want'],
  ['llegar', 'to arrive'],
  ['pasar', 'to pass'],
  ['deber', 'must'],
  ['poner', 'to put'],
  ['parecer', 'to seem'],
  ['quedar', 'to stay'],
]
const DESCRIPTION =
  'The twenty most common Spanish verbs with their meanings, for beginners who want to read and speak sooner.'

async function learner(email: string, name: string, extra: { isAdmin?: boolean } = {}) {
  const user = await makeUser({ email, name })
  user.learningTutorialSeen = true
  if (extra.isAdmin) user.isAdmin = true
  await user.save()
  return user
}

/** A second (third, fourth) person at their own browser: a fresh context, signed in through the form. */
async function personAt(context: BrowserContext, email: string, name: string) {
  const page = await context.newPage()
  await open(page, '/sign-in')
  await signInWithForm(page, email, name)
  return page
}

/** Shows the card, answers Good, and waits for the answer to be recorded. */
async function answerGood(page: Page) {
  await page.locator('.learn-card iframe').first().waitFor()
  await page.keyboard.press('Space')
  await page.locator('.learn-card[data-side="back"]').waitFor()
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/learn\/\d+\/answer$/.test(response.url())
  )
  await page.keyboard.press('3')
  return (await answered).status()
}

async function approveLatest(moderator: Page, deckName: string) {
  await open(moderator, '/moderation')
  const entry = moderator
    .locator('section, article, li')
    .filter({ hasText: deckName })
    .filter({ has: moderator.getByRole('button', { name: 'Approve' }) })
    .first()
  await entry.getByRole('button', { name: 'Approve' }).click()
  await moderator.getByText('Revision approved').first().waitFor()
}

test.group('Sharing, publishing and the library, with several learners at once', (group) => {
  group.each.setup(() => resetState())

  test(
    'A shares, B studies then edits; A publishes, a moderator approves, C finds it misspelled, rates, ' +
      'clones, and pulls the next version keeping progress',
    async ({ visit, browser, assert, cleanup }) => {
      await seedCategories()
      const ana = await learner('ana@example.test', 'Ana Lima')
      const ben = await learner('ben@example.test', 'Ben Otto')
      const carla = await learner('carla@example.test', 'Carla Reis')
      await learner('moe@example.test', 'Moe Rator', { isAdmin: true })
      const deck = await createDeck(ana, { name: 'Spanish verbs' })
      await bulkCreateNotes(ana, {
        deck_id: deck.id,
        import_data: VERBS.map(([front, back]) => ({ front, back })),
      })

      const base = `http://${process.env.HOST}:${process.env.PORT}`
      const contexts = await Promise.all([1, 2, 3].map(() => browser.newContext({ baseURL: base })))
      const a = await hydrated(await visit('/sign-in'))
      const pages: Record<string, Page> = { a }
      cleanup(async (error) => {
        if (error) {
          for (const [who, page] of Object.entries(pages)) {
            await page
              .screenshot({
                path: app.makePath('tmp', 'browser', `share_publish_clone_${who}.png`),
                fullPage: true,
              })
              .catch(() => {})
          }
        }
        await Promise.all(contexts.map((context) => context.close()))
      })
      await signInWithForm(a, 'ana@example.test', 'Ana Lima')

      /* A turns sharing on and takes the link */
      await open(a, `/decks/${deck.id}`)
      await a.getByRole('button', { name: 'Share' }).click()
      const dialog = a.getByRole('dialog', { name: 'Share this deck' })
      await dialog.getByLabel('Share with a link').click()
      const link = new URL(await dialog.getByRole('textbox', { name: 'Invite link' }).inputValue())
        .pathname
      assert.include(
        await dialog.getByRole('textbox', { name: 'Embed on a website' }).inputValue(),
        `/embed/${link.split('/').pop()}"`
      )
      await dialog.getByRole('button', { name: 'Close' }).click()

      /* B, in another browser, joins as a viewer and studies with their own progress */
      const b = (pages.b = await personAt(contexts[0], 'ben@example.test', 'Ben Otto'))
      await open(b, link)
      await b.getByRole('button', { name: 'Join and study' }).click()
      await b.waitForURL(`**/decks/${deck.id}`)
      await b.getByRole('link', { name: 'Study', exact: true }).click()
      assert.isBelow(await answerGood(b), 300)
      assert.equal(
        Number((await db.from('card_progress').where('user_id', ben.id).count('* as n').first()).n),
        1
      )
      assert.equal(
        Number((await db.from('card_progress').where('user_id', ana.id).count('* as n').first()).n),
        0,
        "A's progress is untouched"
      )
      const note = await db.from('notes').where('deck_id', deck.id).orderBy('id').firstOrFail()
      await open(b, `/notes/${note.id}/edit`)
      await b.getByText('You can study this deck but not change it').first().waitFor()

      /* A makes B an editor */
      await open(a, `/decks/${deck.id}`)
      await a.getByRole('button', { name: 'Share' }).click()
      const roles = a
        .getByRole('dialog', { name: 'Share this deck' })
        .getByRole('combobox', { name: 'Role of Ben Otto' })
      const changed = a.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' && /\/collaborators\/\d+$/.test(response.url())
      )
      await roles.selectOption('editor')
      await changed
      assert.equal(
        (await db.from('deck_collaborators').where('user_id', ben.id).firstOrFail()).role,
        'editor'
      )

      /* B edits a note; A sees the change */
      await open(b, `/notes/${note.id}/edit`)
      const front = b.getByRole('textbox', { name: 'Front', exact: true })
      await front.click()
      await b.keyboard.press('End')
      await b.keyboard.insertText(' (regular -ar verb)')
      await b.getByRole('button', { name: 'Save', exact: true }).click()
      await b.getByText('Card saved').first().waitFor()
      await open(a, `/decks/${deck.id}`)
      await a
        .getByRole('navigation', { name: 'Deck sections' })
        .getByRole('link', { name: 'Cards' })
        .click()
      await a.getByText('hablar (regular -ar verb)').first().waitFor()

      /* A publishes; a moderator approves */
      await open(a, `/decks/${deck.id}`)
      await a.getByLabel('Description').fill(DESCRIPTION)
      await a.getByLabel('Library category').selectOption('languages/spanish')
      await a.getByRole('button', { name: 'Submit for review' }).click()
      await a.getByText('In review').first().waitFor()
      const filed = await db
        .from('public_decks as p')
        .join('library_categories as c', 'c.id', 'p.category_id')
        .select('c.key')
        .firstOrFail()
      assert.equal(filed.key, 'spanish')
      const moe = (pages.moe = await personAt(contexts[1], 'moe@example.test', 'Moe Rator'))
      await approveLatest(moe, 'Spanish verbs')

      /* C finds it with a misspelled search, rates it and adds it to their decks, then studies a card */
      const c = (pages.c = await personAt(contexts[2], 'carla@example.test', 'Carla Reis'))
      await open(c, '/library')
      await c.getByLabel('Search the library').fill('spansh verbs')
      await c.getByRole('button', { name: 'Search' }).click()
      await c.getByRole('link', { name: 'Spanish verbs' }).first().click()
      await hydrated(c)
      await c.getByText('hablar (regular -ar verb)').first().waitFor()
      await c.getByLabel('Stars').selectOption('4')
      await c.getByLabel('Review (optional)').fill('Clear and short.')
      await c.getByRole('button', { name: 'Save rating' }).click()
      await c.getByText('Thanks, your rating is saved.').first().waitFor()
      const rating = await db.from('library_ratings').where('user_id', carla.id).firstOrFail()
      assert.equal(rating.rating, 4)
      await c.getByRole('button', { name: 'Add to my decks' }).click()
      await c.waitForURL(/\/decks\/\d+$/)
      const cloneId = Number(new URL(c.url()).pathname.split('/').pop())
      assert.notEqual(cloneId, deck.id)
      assert.equal((await db.from('decks').where('id', cloneId).firstOrFail()).user_id, carla.id)
      await hydrated(c)
      await c.getByRole('link', { name: 'Study', exact: true }).click()
      assert.isBelow(await answerGood(c), 300)
      const [studied] = await db
        .from('card_progress')
        .where('user_id', carla.id)
        .select('card_id', 'reps')
      assert.equal(studied.reps, 1)

      /* A publishes a new version; once approved, C pulls it and keeps the progress */
      await open(a, `/notes/${note.id}/edit`)
      const back = a.getByRole('textbox', { name: 'Back', exact: true })
      await back.click()
      await a.keyboard.press('End')
      await a.keyboard.insertText(', to talk')
      await a.getByRole('button', { name: 'Save', exact: true }).click()
      await a.getByText('Card saved').first().waitFor()
      await open(a, `/decks/${deck.id}`)
      await a.getByRole('button', { name: 'Submit a new version' }).click()
      await a.getByText('In review').first().waitFor()
      await approveLatest(moe, 'Spanish verbs')

      await open(c, `/decks/${cloneId}`)
      await c
        .getByText(
          'A new version of this library deck is available: 0 new, 1 changed, 0 deleted notes.'
        )
        .waitFor()
      await c.getByRole('button', { name: 'Update my copy' }).click()
      await c.getByText('Your copy is up to date').first().waitFor()
      const kept = await db
        .from('card_progress')
        .where({ user_id: carla.id, card_id: studied.card_id })
        .firstOrFail()
      assert.equal(kept.reps, 1, 'the studied card kept its progress')
      const pulled = await db
        .from('notes')
        .where('deck_id', cloneId)
        .whereRaw("fields::text like '%to talk%'")
        .first()
      assert.isNotNull(pulled, 'the changed note reached the copy')
    }
  ).timeout(180_000)
})
