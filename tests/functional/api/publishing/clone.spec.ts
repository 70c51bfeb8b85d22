import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, createNote, getDeck, signIn, templateIds } from '#tests/support/content'
import { approve, cloneDeck, deckWithCards, liveDeck, moderator, publish } from './support.js'

const treeNotes = (rootId: number) =>
  db
    .from('notes')
    .join('decks', 'decks.id', 'notes.deck_id')
    .where('decks.root_deck_id', rootId)
    .orderBy('notes.id')
    .select('notes.*', 'decks.name as deck_name')

test.group('API library: clone_deck and pull_library_update', (group) => {
  group.each.setup(() => resetState())

  test(
    'a clone copies notes, cards and subdecks of the approved revision, each note remembering its ' +
      'library note',
    async ({ client, assert }) => {
      const { publicDeckId, revision } = await liveDeck(client, 20, 5)
      const learner = await signIn()
      const response = await client
        .post('/api/library/clone_deck')
        .bearerToken(learner.token)
        .json({ deck_id: publicDeckId, search_query: ' capitals ' })
      response.assertStatus(201)
      const clone = response.body()
      assert.containsSubset(clone, {
        name: 'European capitals',
        source: 'cloned_from_published_deck',
        clonedFromId: publicDeckId,
        clonedFromLibrary: true,
        isAllowedToReport: true,
        isRootDeck: true,
      })
      assert.equal(clone.owner.id, learner.user.id)
      assert.deepEqual(
        clone.children.map((child: { name: string }) => child.name),
        ['Part two']
      )

      const notes = await treeNotes(clone.id)
      assert.lengthOf(notes, 20)
      assert.equal(notes.filter((note) => note.deck_name === 'Part two').length, 5)
      const library = await db.from('library_notes').where('revision_id', revision.id)
      assert.sameMembers(
        notes.map((note) => note.library_note_id),
        library.map((note) => note.id)
      )
      assert.isTrue(notes.every((note) => note.user_id === learner.user.id))
      const cards = await db.from('cards').whereIn(
        'note_id',
        notes.map((note) => note.id)
      )
      assert.lengthOf(cards, 20)
      const row = await db.from('library_clones').first()
      assert.containsSubset(row, {
        public_deck_id: publicDeckId,
        user_id: learner.user.id,
        deck_id: clone.id,
        revision_id: revision.id,
        search_query: 'capitals',
      })
      assert.equal((await db.from('public_decks').first()).downloads_count, 1)

      /* a retried request answers the same copy */
      const retried = await client
        .post('/api/library/clone_deck')
        .bearerToken(learner.token)
        .json({ deck_id: publicDeckId })
      retried.assertStatus(200)
      assert.equal(retried.body().id, clone.id)
      assert.equal((await db.from('public_decks').first()).downloads_count, 1)
      assert.equal(
        Number(
          (
            await db
              .from('decks')
              .where('user_id', learner.user.id)
              .whereNull('parent_id')
              .count('* as n')
              .first()
          ).n
        ),
        1
      )
    }
  )

  test(
    "a clone holds every card the library lists: the author's cards, not ones worked out again " +
      'from the text',
    async ({ client, assert }) => {
      const author = await signIn()
      const admin = await moderator()
      const { deck } = await deckWithCards(client, author.token, 'Capitals', 20)
      const { cloze } = await templateIds(client, author.token)
      const text = '{{c1::Paris, {{c2::on the Seine}},}} is the capital of {{c3::France}}'
      const nested = await createNote(client, author.token, {
        deck_id: deck.id,
        template_id: cloze,
        fields: { 'Text': text, 'Back Extra': '' },
      })
      /*
       * a card the text no longer makes (its c4 edited away, as an Anki package can bring it): the author
       * still has it
       */
      await db
        .table('cards')
        .insert({ note_id: nested.id, deck_id: deck.id, ord: 3, created_at: new Date() })
      const revision = await publish(client, author.token, deck.id)
      await approve(client, admin.token, revision.id)
      const listed = (await db.from('public_decks').where('id', revision.publicDeckId).first())
        .cards_count
      assert.equal(listed, 24)

      const learner = await signIn()
      const clone = await cloneDeck(client, learner.token, revision.publicDeckId)
      const cards = await db
        .from('cards')
        .join('notes', 'notes.id', 'cards.note_id')
        .where('notes.deck_id', clone.id)
        .select('cards.ord', 'notes.fields')
      assert.lengthOf(cards, listed)
      const clozeOrds = cards
        .filter((card) => card.fields.Text === text)
        .map((card) => card.ord)
        .sort()
      assert.deepEqual(clozeOrds, [0, 1, 2, 3])
    }
  )

  test('pending, unpublished and unknown library decks are a 404; bad bodies a 422', async ({
    client,
    assert,
  }) => {
    const author = await signIn()
    const learner = await signIn()
    const { deck } = await deckWithCards(client, author.token, 'Capitals', 20)
    const revision = await publish(client, author.token, deck.id)
    const pending = await client
      .post('/api/library/clone_deck')
      .bearerToken(learner.token)
      .json({ deck_id: revision.publicDeckId })
    pending.assertStatus(404)
    assertErrorBody(assert, pending.body(), 'E_NOT_FOUND')
    ;(
      await client
        .post('/api/library/clone_deck')
        .bearerToken(learner.token)
        .json({ deck_id: 424242 })
    ).assertStatus(404)
    ;(
      await client.post('/api/library/clone_deck').bearerToken(learner.token).json({ deck_id: 'x' })
    ).assertStatus(422)
    ;(
      await client.post('/api/library/clone_deck').bearerToken(learner.token).json({})
    ).assertStatus(422)
    ;(
      await client.post('/api/library/clone_deck').json({ deck_id: revision.publicDeckId })
    ).assertStatus(401)
    assert.equal(
      Number((await db.from('decks').where('user_id', learner.user.id).count('* as n').first()).n),
      0
    )
  })

  test(
    "pulling a newer approved version keeps a studied card's progress and applies created, updated and " +
      'deleted notes',
    async ({ client, assert }) => {
      const { author, admin, deck, publicDeckId } = await liveDeck(client, 20, 5)
      const learner = await signIn()
      const clone = await cloneDeck(client, learner.token, publicDeckId)
      assert.isNull(clone.libraryUpdate)

      /* the learner studies the clone's first card */
      const started = await client
        .get('/api/v2/learning/start')
        .bearerToken(learner.token)
        .qs({ deck_id: clone.id, learn_session_start_timestamp: Date.now() })
      started.assertStatus(200)
      const studied = started.body().card
      ;(
        await client
          .post('/api/v2/learning/answer')
          .bearerToken(learner.token)
          .json({ deck_id: clone.id, card_id: studied.id, answer: 'good' })
      ).assertStatus(200)
      const progress = await db
        .from('card_progress')
        .where('card_id', studied.id)
        .where('user_id', learner.user.id)
        .first()
      assert.isNotNull(progress)
      const studiedNote = await db
        .from('cards')
        .join('notes', 'notes.id', 'cards.note_id')
        .where('cards.id', studied.id)
        .select('notes.*')
        .first()
      const studiedGuid = (
        await db.from('library_notes').where('id', studiedNote.library_note_id).first()
      ).guid

      /* the author edits the studied note, deletes another, adds one; a moderator approves version 2 */
      const authorNote = await db
        .from('notes')
        .where('guid', studiedGuid)
        .where('user_id', author.user.id)
        .first()
      ;(
        await client
          .put(`/api/notes/${authorNote.id}`)
          .bearerToken(author.token)
          .json({ note: { fields: { Front: 'Edited front', Back: 'Edited back' } } })
      ).assertStatus(200)
      const doomed = await db
        .from('notes')
        .where('user_id', author.user.id)
        .whereNot('id', authorNote.id)
        .orderBy('id')
        .first()
      ;(
        await client
          .delete('/api/notes/bulk_destroy')
          .bearerToken(author.token)
          .json({ deck_id: doomed.deck_id, ids: [doomed.id] })
      ).assertStatus(200)
      await basicNote(client, author.token, deck.id, 'Lisbon', 'Portugal')
      const second = await publish(client, author.token, deck.id)
      assert.deepEqual(second.changes, { createdCount: 1, updatedCount: 1, deletedCount: 1 })
      /* a learner's own note stays through the update */
      await basicNote(client, learner.token, clone.id, 'My own', 'note')

      assert.isNull(
        (await getDeck(client, learner.token, clone.id)).libraryUpdate,
        'not before approval'
      )
      await approve(client, admin.token, second.id)
      const offered = await getDeck(client, learner.token, clone.id)
      assert.deepEqual(offered.libraryUpdate, {
        revisionId: second.id,
        version: 2,
        changes: { createdCount: 1, updatedCount: 1, deletedCount: 1 },
      })

      const stranger = await signIn()
      ;(
        await client.post(`/api/decks/${clone.id}/pull_library_update`).bearerToken(stranger.token)
      ).assertStatus(404)
      const pulled = await client
        .post(`/api/decks/${clone.id}/pull_library_update`)
        .bearerToken(learner.token)
      pulled.assertStatus(200)
      assert.isNull(pulled.body().libraryUpdate)

      const card = await db.from('cards').where('id', studied.id).first()
      assert.isNotNull(card, 'the studied card keeps its id')
      const note = await db.from('notes').where('id', card.note_id).first()
      assert.equal(note.fields.Front, 'Edited front')
      assert.deepInclude(
        await db
          .from('card_progress')
          .where('card_id', studied.id)
          .where('user_id', learner.user.id)
          .first(),
        { state: progress.state, reps: progress.reps }
      )

      const notes = await treeNotes(clone.id)
      assert.lengthOf(notes, 21)
      assert.isTrue(notes.some((row) => row.fields.Front === 'Lisbon'))
      assert.isTrue(notes.some((row) => row.fields.Front === 'My own'))
      assert.isFalse(notes.some((row) => row.fields.Front === doomed.fields.Front))
      assert.equal((await db.from('library_clones').first()).revision_id, second.id)

      const again = await client
        .post(`/api/decks/${clone.id}/pull_library_update`)
        .bearerToken(learner.token)
      again.assertStatus(409)
      assertErrorBody(assert, again.body(), 'E_NO_LIBRARY_UPDATE')
      const notAClone = await client
        .post(`/api/decks/${deck.id}/pull_library_update`)
        .bearerToken(author.token)
      notAClone.assertStatus(409)
    }
  )

  test(
    "a note of the author's own note type arrives with the learner's copy of that type, which they can " +
      'edit with',
    async ({ client, assert }) => {
      const author = await signIn()
      const admin = await moderator()
      const { deck } = await deckWithCards(client, author.token, 'Capitals', 20)
      /* a custom type as an Anki import makes it (no API creates one) */
      const [custom] = await db
        .table('note_types')
        .insert({
          user_id: author.user.id,
          kind: 'custom',
          name: 'Country',
          fields: JSON.stringify([{ name: 'Front', required: true }, { name: 'Back' }]),
          templates: JSON.stringify([{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }]),
          css: '',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
      const customId = custom.id ?? custom
      ;(
        await client
          .post('/api/notes')
          .bearerToken(author.token)
          .json({
            note: {
              deck_id: deck.id,
              template_id: customId,
              fields: { Front: 'Chile', Back: 'Santiago' },
            },
          })
      ).assertStatus(201)
      const revision = await publish(client, author.token, deck.id)
      await approve(client, admin.token, revision.id)
      const learner = await signIn()
      const clone = await cloneDeck(client, learner.token, revision.publicDeckId)
      const copied = (await treeNotes(clone.id)).find((row) => row.fields.Front === 'Chile')
      const type = await db.from('note_types').where('id', copied.note_type_id).first()
      assert.containsSubset(type, { user_id: learner.user.id, name: 'Country', kind: 'custom' })
      const edited = await client
        .put(`/api/notes/${copied.id}`)
        .bearerToken(learner.token)
        .json({ note: { fields: { Front: 'Chile', Back: 'Santiago de Chile' } } })
      edited.assertStatus(200)
      /* a second clone reuses the learner's copy of the type */
      await db.from('library_clones').update({ created_at: new Date(Date.now() - 3_600_000) })
      await cloneDeck(client, learner.token, revision.publicDeckId)
      assert.equal(
        Number(
          (await db.from('note_types').where('user_id', learner.user.id).count('* as n').first()).n
        ),
        1
      )
    }
  )
})
