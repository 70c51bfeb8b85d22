import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import { assertErrorBody } from '#tests/support/helpers'
import { signedIn, WebSession, pageCall as call } from '#tests/support/web_session'
import { flagFromElsewhere, resetFlags } from '#tests/functional/api/limits/support'
import { makeReviewCard } from '#tests/functional/api/learning/support'

/*
 * The learning page's door to the queue's rules (the apps' door:
 * tests/functional/api/learning/queue_rules.spec.ts): the same queue hands
 * out no card the daily limit would refuse, and an answer to a card that is
 * not due is refused.
 */

async function learningPage(web: WebSession, deckId: number) {
  const response = await web.get(`/decks/${deckId}/learn`)
  if (response.status !== 200) throw new Error(`GET /decks/${deckId}/learn: ${response.status}`)
  return WebSession.page(response.text)
}

test.group('Web: the learning page holds only cards the learner can answer', (group) => {
  group.each.setup(() => resetFlags())
  group.teardown(() => resetFlags())

  test('the page hands out no more new cards than the daily limit leaves, then opens on the paywall', async ({
    assert,
  }) => {
    await flagFromElsewhere('cards_to_paywall', 2)
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Study deck' })
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: Array.from({ length: 6 }, (_, index) => ({ front: `Q${index}`, back: 'A' })),
    })

    const page = await learningPage(web, deck.id)
    const cards = page.props.session.cards
    assert.lengthOf(cards, 2)
    assert.include(page.props.session.dailyLimit, { limit: 2, reached: true })
    assert.isNull(page.props.session.blocked)

    /* the page names what it holds: nothing more, and no refusal while it holds cards */
    const exclude = cards.map((card: any) => card.id).join(',')
    const more = await call(web, 'GET', `/learn/${deck.id}/cards?exclude_ids=${exclude}`)
    assert.equal(more.status, 200)
    assert.lengthOf(more.body.cards, 0)

    for (const card of cards) {
      const answered = await call(web, 'POST', `/learn/${deck.id}/answer`, {
        card_id: card.id,
        answer: 'easy',
        version: card.version,
        review_duration_ms: 3000,
      })
      assert.equal(answered.status, 200)
    }

    const refused = await call(web, 'GET', `/learn/${deck.id}/cards`)
    assert.equal(refused.status, 402)
    assertErrorBody(assert, refused.body, 'E_DAILY_LEARNING_LIMIT')
    const blocked = await learningPage(web, deck.id)
    assert.lengthOf(blocked.props.session.cards, 0)
    assert.equal(blocked.props.session.blocked.kind, 'paywall')
    assert.include(blocked.props.session.blocked.title, '2')
    assert.isString(blocked.props.session.blocked.body)
  })

  test('an answer to a card that is not due is refused (409 E_CARD_NOT_DUE) and nothing is counted', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Study deck' })
    await bulkCreateNotes(user, { deck_id: deck.id, import_data: [{ front: 'Q', back: 'A' }] })
    const card = await db.from('cards').where('deck_id', deck.id).first()
    const dueAt = new Date(Date.now() + 20 * 86_400_000)
    await makeReviewCard(user.id, card.id, { intervalDays: 30, ease: 2.5, dueAt })
    const row = await db.from('card_progress').where({ user_id: user.id, card_id: card.id }).first()
    for (let index = 0; index < 3; index++) {
      const response = await call(web, 'POST', `/learn/${deck.id}/answer`, {
        card_id: card.id,
        answer: 'good',
        version: row.version,
        review_duration_ms: 2000 + index,
      })
      assert.equal(response.status, 409)
      assertErrorBody(assert, response.body, 'E_CARD_NOT_DUE')
    }
    const reviews = await db.from('review_logs').where('user_id', user.id).count('* as n').first()
    assert.equal(Number(reviews.n), 0)
    assert.isNull(await db.from('study_days').where('user_id', user.id).first())
  })
})
