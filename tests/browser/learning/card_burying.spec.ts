/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { axeFindings, describeFindings } from '#tests/support/axe'
import { eventually } from '#tests/support/eventually'

/* Issue 32: Anki's burying on the web: the deck's three options, and '-' in a session. */

test.group('Burying in the browser', (group) => {
  group.each.setup(() => resetState())

  test("the algorithm dialog turns on Anki's sibling burying; '-' in a session buries the card shown", async ({
    visit,
    assert,
    cleanup,
  }) => {
    const { user, deck } = await learnerWithCards(2)
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'card_burying.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')

    await open(page, '/')
    await page.getByRole('button', { name: 'Actions for Capitals' }).click()
    await page.getByRole('menuitem', { name: 'Algorithm settings…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Algorithm settings for “Capitals”' })
    const buryNew = dialog.getByRole('checkbox', { name: 'Bury new siblings' })
    await buryNew.waitFor()
    /* Anki's defaults: all three off */
    for (const name of [
      'Bury new siblings',
      'Bury review siblings',
      'Bury interday learning siblings',
    ])
      assert.isFalse(await dialog.getByRole('checkbox', { name }).isChecked())
    assert.deepEqual(describeFindings('algorithm dialog', await axeFindings(page)), [])
    await buryNew.check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    const settings = await eventually(async () => {
      const row = await db.from('decks').where('id', deck.id).select('algorithm_settings').first()
      return row.algorithm_settings?.bury_new ? row.algorithm_settings : null
    }, 'the burying option saved')
    assert.isTrue(settings.bury_new)
    assert.isUndefined(settings.bury_reviews)

    await open(page, `/decks/${deck.id}/learn`)
    const frame = page.frameLocator('.learn-card iframe')
    await frame.getByText('Country 1').waitFor()
    await page.keyboard.press('-')
    await page
      .locator('.toast')
      .filter({ hasText: 'Card buried until your next study day.' })
      .waitFor()
    await frame.getByText('Country 2').waitFor()
    const burial = await db.from('card_burials').where('user_id', user.id).firstOrFail()
    assert.isTrue(burial.manual)
  })
})
