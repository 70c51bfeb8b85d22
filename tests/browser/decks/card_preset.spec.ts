/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'

/* a computed style of the card frame's body, or of the page around it */
const frameStyle = (page: Page, property: string) =>
  page
    .frameLocator('.learn-card iframe')
    .locator('body')
    .evaluate((body, name) => getComputedStyle(body).getPropertyValue(name), property)
const pageStyle = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)

async function study(page: Page, deckId: number) {
  await open(page, `/decks/${deckId}/learn`)
  await page.frameLocator('.learn-card iframe').getByText('Country 1').waitFor()
}

test.group('Card presets in the browser', (group) => {
  group.each.setup(async () => {
    const { resetState } = await import('#tests/support/helpers')
    await resetState()
  })

  test('a preset chosen on the card style screen changes the studied card, on a desktop and a phone', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const { deck } = await learnerWithCards(3)
    const page = await hydrated(await visit('/sign-in'))
    await page.setViewportSize({ width: 1280, height: 900 })
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'card_preset.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')

    /* before: the default look, 20 px centred in the system font */
    await study(page, deck.id)
    assert.equal(await frameStyle(page, 'font-size'), '20px')
    assert.equal(await frameStyle(page, 'text-align'), 'center')

    /* the screen is reached from the deck's settings; the live preview follows the chosen preset */
    await open(page, `/decks/${deck.id}/card-style`)
    await page.getByRole('heading', { name: 'Card style' }).waitFor()
    await page.getByRole('button', { name: 'Code', exact: true }).click()
    const preview = page.frameLocator('iframe[title="Preview of the front"]').locator('body')
    await page.waitForFunction(() => {
      const frame = document.querySelector<HTMLIFrameElement>(
        'iframe[title="Preview of the front"]'
      )
      return (
        frame?.contentDocument?.body &&
        getComputedStyle(frame.contentDocument.body).textAlign === 'left'
      )
    })
    assert.include(
      await preview.evaluate((body) => getComputedStyle(body).fontFamily),
      'mnemo-sourceCodePro'
    )
    await page.getByRole('button', { name: 'Use for this deck' }).click()
    await page.getByRole('button', { name: /Code\s*· in use/ }).waitFor()
    const code = (await db.from('card_presets').where('key', 'code').firstOrFail()).id
    assert.equal((await db.from('decks').where('id', deck.id).firstOrFail()).card_preset_id, code)

    /* the studied card takes it: the font (served from this site), the size and alignment of a desktop */
    await study(page, deck.id)
    assert.include(await frameStyle(page, 'font-family'), 'mnemo-sourceCodePro')
    assert.equal(await frameStyle(page, 'font-size'), '18px')
    assert.equal(await frameStyle(page, 'text-align'), 'left')
    const fontLoaded = await page
      .frameLocator('.learn-card iframe')
      .locator('body')
      .evaluate(async () => {
        await document.fonts.ready
        return document.fonts.check("16px 'mnemo-sourceCodePro'")
      })
    assert.isTrue(fontLoaded)

    /* a phone (< 600 px) takes the preset's phone size */
    await page.setViewportSize({ width: 390, height: 844 })
    await study(page, deck.id)
    assert.equal(await frameStyle(page, 'font-size'), '16px')
  })

  test('hostile custom CSS changes the card only: the page around it keeps its look', async ({
    visit,
    assert,
  }) => {
    const { deck } = await learnerWithCards(2)
    const page = await hydrated(await visit('/sign-in'))
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInWithForm(page, 'ana@example.test')
    await study(page, deck.id)
    const before = {
      body: await pageStyle(page, 'body', 'background-color'),
      top: await pageStyle(page, '.learn-top', 'display'),
    }

    await open(page, `/decks/${deck.id}/card-style`)
    await page
      .getByLabel('Custom CSS')
      .fill(
        '@import url("https://evil.example/x.css");\nbody { background: rgb(255, 0, 0) !important; }\n.learn-top, header, h1 { display: none !important; }\n.card p { position: fixed; top: 0; }'
      )
    await page.getByLabel('Name').fill('Hostile')
    await page.getByRole('button', { name: 'Save and use for this deck' }).click()
    await page.getByRole('button', { name: /Hostile\s*· in use/ }).waitFor()
    /* the screen's own page is untouched too */
    assert.equal(await pageStyle(page, 'h1', 'display'), 'block')

    await study(page, deck.id)
    /* inside the frame the rule applies to the card itself */
    assert.equal(await frameStyle(page, 'background-color'), 'rgb(255, 0, 0)')
    /* outside it nothing changed, and nothing was imported */
    assert.equal(await pageStyle(page, 'body', 'background-color'), before.body)
    assert.equal(await pageStyle(page, '.learn-top', 'display'), before.top)
    assert.notEqual(before.top, 'none')
    const stored = await db.from('card_presets').where('name', 'Hostile').firstOrFail()
    assert.notInclude(stored.scoped_css, 'evil.example')
    assert.notInclude(stored.scoped_css, 'fixed')
    assert.include(stored.custom_css, 'evil.example', 'kept as written, for editing')
  })

  test("the colour pickers show the preset's colours, and the theme's where it sets none", async ({
    visit,
    assert,
  }) => {
    const { user, deck } = await learnerWithCards(1)
    const page = await hydrated(await visit('/sign-in'))
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/card-style`)
    const pickers = () =>
      page
        .locator('input[type="color"]')
        .evaluateAll((inputs) =>
          inputs.map(
            (input) => `${input.getAttribute('aria-label')}: ${(input as HTMLInputElement).value}`
          )
        )

    /* Classic sets no colour: each picker shows what the card shows, the light and the dark theme's colours */
    const classic = [
      'Light colors: Text: #1d1b18',
      'Light colors: Card: #ffffff',
      'Light colors: Border: #e3e0da',
      'Light colors: Separator: #e3e0da',
      'Light colors: Around the card: #ffffff',
      'Dark colors: Text: #eceae6',
      'Dark colors: Card: #1f2026',
      'Dark colors: Border: #34353d',
      'Dark colors: Separator: #34353d',
      'Dark colors: Around the card: #1f2026',
    ]
    await page.getByText('Follows the appearance').first().waitFor()
    assert.deepEqual(await pickers(), classic)
    assert.equal(await page.getByText('Follows the appearance').count(), 10)
    /* the same from a page in the dark theme, where the light colours are the other scheme's */
    const { theme } = await db.from('users').where('id', user.id).firstOrFail()
    await db.from('users').where('id', user.id).update({ theme: 'dark' })
    await open(page, `/decks/${deck.id}/card-style`)
    await page.getByText('Follows the appearance').first().waitFor()
    assert.deepEqual(await pickers(), classic)
    await db.from('users').where('id', user.id).update({ theme })
    await open(page, `/decks/${deck.id}/card-style`)

    /* Notebook's own colours, both variants */
    await page.getByRole('button', { name: 'Notebook', exact: true }).click()
    assert.deepEqual(await pickers(), [
      'Light colors: Text: #1f2a44',
      'Light colors: Card: #fdfbf3',
      'Light colors: Border: #c9d3e6',
      'Light colors: Separator: #e07a7a',
      'Light colors: Around the card: #eef1f6',
      'Dark colors: Text: #f4efe1',
      'Dark colors: Card: #23262e',
      'Dark colors: Border: #3d4352',
      'Dark colors: Separator: #d46a6a',
      'Dark colors: Around the card: #15171c',
    ])
    assert.equal(await page.getByText('Follows the appearance').count(), 0)
    assert.equal(await page.getByRole('button', { name: 'Reset' }).count(), 10)
  })
})
