import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { MAX_CARDS_PER_DECK } from '#models/deck'
import { resetState } from '#tests/support/helpers'
import { cardCount, fillDeck, signIn, templateIds } from '#tests/support/content'
import { fixture, importFile } from './support.js'

/*
 * A re-import updates the learner's notes where they are: the cards a new
 * version adds go to the note's own deck, which may be full. Filling it is a
 * direct database write, as in the content tests.
 */
test.group('API deck imports: the card limit of decks updated in place', (group) => {
  group.each.setup(() => resetState())

  test('a card a re-imported note adds to a full deck is left out, and the import says so', async ({
    client,
    assert,
  }) => {
    const session = await signIn()
    const first = await importFile(
      client,
      session.token,
      fixture('anki', 'diffmodels2-1.apkg'),
      'diffmodels2-1.apkg'
    )
    const deck = await db.from('decks').where('id', first.deckId).first()
    const { basic } = await templateIds(client, session.token)
    await fillDeck(session.user.id, deck.id, basic, MAX_CARDS_PER_DECK - (await cardCount(deck.id)))
    assert.equal(await cardCount(deck.id), MAX_CARDS_PER_DECK)

    const second = await importFile(
      client,
      session.token,
      fixture('anki', 'diffmodels2-2.apkg'),
      'diffmodels2-2.apkg'
    )

    assert.equal(second.status, 'done')
    assert.include(second.counts, { updated: 1, notes: 0, cards: 0 })
    assert.deepInclude(second.warnings, { message: `cards_limit:${deck.name}` })
    assert.equal(await cardCount(deck.id), MAX_CARDS_PER_DECK)
  })
})
