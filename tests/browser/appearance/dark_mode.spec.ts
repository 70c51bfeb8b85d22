/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import NoteType from '#models/note_type'
import User from '#models/user'

/* the study screen's coloured parts, and the page behind them */
const PARTS = [
  'body',
  '.learn-count-new .learn-count-value',
  '.learn-count-learning .learn-count-value',
  '.learn-count-graduated .learn-count-value',
  '.learn-answer-again',
  '.learn-answer-hard',
  '.learn-answer-good',
  '.learn-answer-easy',
]

async function studyColours(page: Page, deckId: number) {
  await open(page, `/decks/${deckId}/learn`)
  await page
    .frameLocator('.learn-card iframe')
    .locator('body')
    .getByText(/Country|Anki/)
    .first()
    .waitFor()
  await page.keyboard.press('Space')
  await page.locator('.learn-answer-easy').waitFor()
  return page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const style = getComputedStyle(document.querySelector(selector)!)
        return `${selector}: ${selector === 'body' ? style.backgroundColor : style.color}`
      }),
    PARTS
  )
}

const frameBody = (page: Page) => page.frameLocator('.learn-card iframe').locator('body')
const frameColours = (page: Page) =>
  frameBody(page).evaluate((body) => ({
    background: getComputedStyle(body).backgroundColor,
    color: getComputedStyle(body).color,
    night: body.classList.contains('nightMode'),
  }))

/** A note type as Anki's importer keeps it: Anki's stock styling, black on white, plus `extra`. */
async function ankiNoteType(user: User, name: string, extra = '') {
  const basic = await NoteType.query().whereNull('user_id').where('kind', 'basic').firstOrFail()
  return NoteType.create({
    userId: user.id,
    kind: 'custom',
    name,
    fields: basic.definition.fields,
    templates: basic.definition.templates,
    ankiId: String(Date.now()),
    css:
      `.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: ` +
      `white; }\n${extra}`,
  })
}

test.group('Dark mode in the browser', (group) => {
  group.each.setup(() => resetState())

  test('the "System" theme on a dark device shows the study screen as the "Dark" theme does', async ({
    visit,
    assert,
  }) => {
    const { user, deck } = await learnerWithCards(2)
    const page = await hydrated(await visit('/sign-in'))
    await page.emulateMedia({ colorScheme: 'dark' })
    await signInWithForm(page, 'ana@example.test')
    assert.equal((await User.findOrFail(user.id)).theme, 'system')
    const system = await studyColours(page, deck.id)

    await User.query().where('id', user.id).update({ theme: 'dark' })
    const dark = await studyColours(page, deck.id)
    await User.query().where('id', user.id).update({ theme: 'light' })
    const light = await studyColours(page, deck.id)

    assert.deepEqual(system, dark)
    assert.notDeepEqual(dark, light)
  })

  test('an imported Anki card follows the dark theme unless its note type styles night mode itself', async ({
    visit,
    assert,
  }) => {
    const { user, deck } = await learnerWithCards(0)
    const plain = await ankiNoteType(user, 'Anki Basic')
    const night = await ankiNoteType(
      user,
      'Anki Night',
      '.nightMode.card { background-color: #102030; color: #f0e0d0; }'
    )
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [{ front: 'Anki plain', back: 'Back' }],
      template_id: plain.id,
    })
    const page = await hydrated(await visit('/sign-in'))
    await page.emulateMedia({ colorScheme: 'dark' })
    await signInWithForm(page, 'ana@example.test')

    /* the "System" theme on a dark device, then "Dark": the app's card colours, in night mode */
    const surface = await page.evaluate(() => {
      const probe = document.createElement('span')
      probe.style.color = 'var(--surface)'
      document.body.append(probe)
      return getComputedStyle(probe).color
    })
    await open(page, `/decks/${deck.id}/learn`)
    await frameBody(page).getByText('Anki plain').waitFor()
    assert.deepEqual(await frameColours(page), {
      background: surface,
      color: 'rgb(236, 234, 230)',
      night: true,
    })
    await User.query().where('id', user.id).update({ theme: 'dark' })
    await open(page, `/decks/${deck.id}/learn`)
    await frameBody(page).getByText('Anki plain').waitFor()
    assert.deepEqual(await frameColours(page), {
      background: surface,
      color: 'rgb(236, 234, 230)',
      night: true,
    })

    /* in a light theme the note type's own colours stay */
    await page.emulateMedia({ colorScheme: 'light' })
    await User.query().where('id', user.id).update({ theme: 'system' })
    await open(page, `/decks/${deck.id}/learn`)
    await frameBody(page).getByText('Anki plain').waitFor()
    assert.deepEqual(await frameColours(page), {
      background: 'rgb(255, 255, 255)',
      color: 'rgb(0, 0, 0)',
      night: false,
    })

    /* a note type that styles night mode itself keeps its colours */
    const other = await createDeck(user, { name: 'Night' })
    await bulkCreateNotes(user, {
      deck_id: other.id,
      import_data: [{ front: 'Anki night', back: 'Back' }],
      template_id: night.id,
    })
    await page.emulateMedia({ colorScheme: 'dark' })
    await open(page, `/decks/${other.id}/learn`)
    await frameBody(page).getByText('Anki night').waitFor()
    assert.deepEqual(await frameColours(page), {
      background: 'rgb(16, 32, 48)',
      color: 'rgb(240, 224, 208)',
      night: true,
    })
  })
})
