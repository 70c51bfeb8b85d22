import { test } from '@japa/runner'
import { makePremium, resetState } from '#tests/support/helpers'
import {
  basicNote,
  createDeck,
  createNote,
  getDeck,
  signIn,
  templateIds,
} from '#tests/support/content'
import {
  addCollaborator,
  approve,
  cloneDeck,
  liveDeck,
  publish,
} from '#tests/functional/api/publishing/support'

/*
 * The spec's Deck fields that were constants: templatesIds, noCardsLimit,
 * isSpeedLearningAvailable, isReversedCardModeAvailable,
 * librarySharingEnabled and hasChanges, as GET decks/{id} and GET decks
 * answer them (docs/decisions/0088-deck-fields-the-spec-lists.md).
 */
test.group('API decks: the fields the spec lists, real', (group) => {
  group.each.setup(() => resetState())

  test('templatesIds are the templates the notes use, subdecks included', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const ids = await templateIds(client, token)
    const deck = await createDeck(client, token, { name: 'Languages' })
    const sub = await createDeck(client, token, { name: 'Verbs', parent_id: deck.id })
    assert.deepEqual((await getDeck(client, token, deck.id)).templatesIds, [])
    await basicNote(client, token, deck.id, 'Hola', 'Hello')
    await createNote(client, token, {
      deck_id: sub.id,
      template_id: ids.cloze,
      fields: { Text: '{{c1::Ser}} and {{c2::estar}}' },
    })
    const shown = await getDeck(client, token, deck.id)
    assert.deepEqual(
      shown.templatesIds,
      [ids.basic, ids.cloze].sort((a, b) => a - b)
    )
    assert.deepEqual(shown.children[0].templatesIds, [ids.cloze])
    const listed = await client.get('/api/decks').bearerToken(token)
    listed.assertStatus(200)
    const row = listed.body().decks.find((one: any) => one.id === sub.id)
    assert.deepEqual(row.templatesIds, [ids.cloze])
  })

  test("noCardsLimit follows the viewer's plan; speed learning and reversing follow the role", async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Biology' })
    const sub = await createDeck(client, owner.token, { name: 'Cells', parent_id: deck.id })
    let shown = await getDeck(client, owner.token, deck.id)
    assert.isFalse(shown.noCardsLimit, 'a free learner studies under the daily limit')
    assert.isTrue(shown.isSpeedLearningAvailable)
    assert.isTrue(shown.isReversedCardModeAvailable)
    assert.isFalse(
      (await getDeck(client, owner.token, sub.id)).isSpeedLearningAvailable,
      'the algorithm is changed on the main deck only'
    )
    await makePremium(owner.user)
    shown = await getDeck(client, owner.token, deck.id)
    assert.isTrue(shown.noCardsLimit, 'premium has no daily limit')

    const viewer = await signIn()
    const editor = await signIn()
    await addCollaborator(deck.id, viewer.user.id, 'viewer')
    await addCollaborator(deck.id, editor.user.id, 'editor')
    const seen = await getDeck(client, viewer.token, deck.id)
    assert.isFalse(seen.isSpeedLearningAvailable)
    assert.isFalse(seen.isReversedCardModeAvailable, 'a viewer does not change notes')
    assert.isFalse(seen.noCardsLimit, "the viewer's own plan, not the owner's")
    const edited = await getDeck(client, editor.token, deck.id)
    assert.isFalse(edited.isSpeedLearningAvailable)
    assert.isTrue(edited.isReversedCardModeAvailable)
  })

  test('librarySharingEnabled while live in the library; hasChanges on a clone with a newer version', async ({
    client,
    assert,
  }) => {
    const { author, admin, deck, publicDeckId } = await liveDeck(client)
    assert.isTrue((await getDeck(client, author.token, deck.id)).librarySharingEnabled)
    const other = await createDeck(client, author.token, { name: 'Private' })
    assert.isFalse(other.librarySharingEnabled)

    const learner = await signIn()
    const clone = await cloneDeck(client, learner.token, publicDeckId)
    assert.isFalse(clone.hasChanges)
    assert.isFalse(clone.librarySharingEnabled, 'a clone is not itself in the library')
    await basicNote(client, author.token, deck.id, 'Lisbon', 'Portugal')
    const second = await publish(client, author.token, deck.id)
    assert.isFalse(
      (await getDeck(client, learner.token, clone.id)).hasChanges,
      'not before approval'
    )
    await approve(client, admin.token, second.id)
    assert.isTrue((await getDeck(client, learner.token, clone.id)).hasChanges)
    assert.isFalse((await getDeck(client, author.token, deck.id)).hasChanges)
  })
})
