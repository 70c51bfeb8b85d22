/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { createDeck } from '#actions/decks/create_deck'

test.group('Deck settings in the browser', (group) => {
  group.each.setup(() => resetState())

  test(
    'an empty daily-limit field shows the limit that applies (the preset\'s, the main deck\'s), "No limit" ' +
      'only where none does',
    async ({ visit, assert, cleanup }) => {
      const user = await makeUser({ email: 'ana@example.test' })
      const capitals = await createDeck(user, { name: 'Capitals' })
      const europe = await createDeck(user, { name: 'Europe', parent_id: capitals.id })
      const anatomy = await createDeck(user, { name: 'Anatomy' })
      /* the main deck sets its own new cards a day; the medical preset has no limits at all */
      await db.from('decks').where('id', capitals.id).update({ new_cards_per_day: 15 })
      await db.from('decks').where('id', anatomy.id).update({ algorithm_preset: 'medical' })

      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'deck_settings.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      const fields = async (deckId: number) => {
        await open(page, `/decks/${deckId}?tab=settings`)
        const read = async (name: string) => {
          const input = page.locator(`input[name="${name}"]`)
          const hint = page.locator(`#${name}-default`)
          return {
            value: await input.inputValue(),
            placeholder: await input.getAttribute('placeholder'),
            hint: (await hint.count()) ? await hint.innerText() : null,
          }
        }
        return {
          newCards: await read('new_cards_per_day'),
          maxCards: await read('max_cards_per_day'),
        }
      }

      /* the main deck: its own 15 in the field; the preset's 20 and 200 where it has none */
      assert.deepEqual(await fields(capitals.id), {
        newCards: {
          value: '15',
          placeholder: '20',
          hint: "Left empty: 20 a day, the General preset's limit.",
        },
        maxCards: {
          value: '',
          placeholder: '200',
          hint: "Left empty: 200 a day, the General preset's limit.",
        },
      })
      /* its subdeck: the main deck's 15, and the preset's 200 */
      assert.deepEqual(await fields(europe.id), {
        newCards: {
          value: '',
          placeholder: '15',
          hint: "Left empty: 15 a day, the main deck's limit.",
        },
        maxCards: {
          value: '',
          placeholder: '200',
          hint: "Left empty: 200 a day, the General preset's limit.",
        },
      })
      /* the medical preset: truly no limit */
      assert.deepEqual(await fields(anatomy.id), {
        newCards: { value: '', placeholder: 'No limit', hint: null },
        maxCards: { value: '', placeholder: 'No limit', hint: null },
      })
    }
  )
})
