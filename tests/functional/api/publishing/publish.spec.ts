import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, createDeck, getDeck, signIn } from '#tests/support/content'
import {
  addCollaborator,
  approve,
  deckWithCards,
  DESCRIPTION,
  moderator,
  publish,
} from './support.js'
import { seedCategories } from '#tests/support/library'

test.group('API publishing: POST decks/{id}/publish', (group) => {
  group.each.setup(() => resetState())

  test(
    'refuses a subdeck, too few cards, a short description, a participant (403) and a stranger (404), ' +
      'writing nothing',
    async ({ client, assert }) => {
      const { token, user } = await signIn()
      const { deck, subdeck } = await deckWithCards(client, token, 'Capitals', 25, 5)
      const small = await deckWithCards(client, token, 'Small', 19)
      const post = (id: number, body: Record<string, unknown>, as = token) =>
        client.post(`/api/decks/${id}/publish`).bearerToken(as).json(body)

      const sub = await post(subdeck!.id, { name: 'Part', description: DESCRIPTION })
      sub.assertStatus(422)
      assertErrorBody(assert, sub.body(), 'E_SUBDECK_NOT_PUBLISHABLE')

      const few = await post(small.deck.id, { name: 'Small', description: DESCRIPTION })
      few.assertStatus(422)
      assertErrorBody(assert, few.body(), 'E_TOO_FEW_CARDS')
      assert.include(few.body().body, '20')

      const short = await post(deck.id, { name: 'Capitals', description: 'Too short.' })
      short.assertStatus(422)
      assert.equal(short.body().errors[0].field, 'description')
      /* markup does not count towards the length */
      const markup = await post(deck.id, {
        name: 'Capitals',
        description: `<b>${'<i></i>'.repeat(20)}short</b>`,
      })
      markup.assertStatus(422)
      assertErrorBody(assert, markup.body(), 'E_DESCRIPTION_TOO_SHORT')

      const missing = await post(deck.id, { description: DESCRIPTION })
      missing.assertStatus(422)

      const editor = await signIn()
      await addCollaborator(deck.id, editor.user.id, 'editor')
      const participant = await post(
        deck.id,
        { name: 'Mine now', description: DESCRIPTION },
        editor.token
      )
      participant.assertStatus(403)
      assertErrorBody(assert, participant.body(), 'E_FORBIDDEN')

      const stranger = await signIn()
      const hidden = await post(
        deck.id,
        { name: 'Mine now', description: DESCRIPTION },
        stranger.token
      )
      hidden.assertStatus(404)
      assertErrorBody(assert, hidden.body(), 'E_NOT_FOUND')
      const bogus = await post(0, { name: 'x', description: DESCRIPTION })
      bogus.assertStatus(404)

      assert.equal(Number((await db.from('public_decks').count('* as n').first()).n), 0)
      assert.equal(Number((await db.from('deck_revisions').count('* as n').first()).n), 0)
      assert.equal(user.id, deck.owner.id)
    }
  )

  test('the first publish snapshots the whole tree into a pending revision and a pending library entry', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const { deck } = await deckWithCards(client, token, 'Capitals', 25, 5)
    const response = await client
      .post(`/api/decks/${deck.id}/publish`)
      .bearerToken(token)
      .json({
        name: '  European capitals ',
        description: `<script>alert(1)</script>${DESCRIPTION}`,
      })
    response.assertStatus(201)
    const revision = response.body()
    assert.containsSubset(revision, {
      deckId: deck.id,
      status: 'pending',
      version: 1,
      reason: null,
      changes: { createdCount: 25, updatedCount: 0, deletedCount: 0 },
    })
    assert.equal(revision.description, DESCRIPTION)

    const notes = await db
      .from('library_notes')
      .where('revision_id', revision.id)
      .orderBy('position')
    assert.lengthOf(notes, 25)
    assert.deepEqual(notes[0].deck_path, [])
    assert.deepEqual(notes[24].deck_path, ['Part two'])
    const guids = (await db.from('notes').select('guid')).map((row) => row.guid).sort()
    assert.deepEqual(notes.map((note) => note.guid).sort(), guids)

    const entry = await db.from('public_decks').where('deck_id', deck.id).first()
    assert.containsSubset(entry, {
      status: 'pending',
      slug: 'european-capitals',
      name: 'European capitals',
      current_revision_id: null,
    })

    const shown = await getDeck(client, token, deck.id)
    assert.deepEqual(shown.publicDeck, {
      id: entry.id,
      url: '/library/decks/european-capitals',
      name: 'European capitals',
      description: DESCRIPTION,
      status: 'pending',
      deckRevisionId: revision.id,
      revisionStatus: 'pending',
      reason: null,
      unpublishedAt: null,
    })
    /* the deck list says the same */
    const listed = (await client.get('/api/decks').bearerToken(token))
      .body()
      .decks.find((row: { id: number }) => row.id === deck.id)
    assert.deepEqual(listed.publicDeck, shown.publicDeck)
    const sub = (await client.get('/api/decks').bearerToken(token))
      .body()
      .decks.find((row: { parentId: number | null }) => row.parentId === deck.id)
    assert.isNull(sub.publicDeck)
    /* the same name elsewhere gets its own slug */
    const other = await signIn()
    const second = await deckWithCards(client, other.token, 'Other', 20)
    await publish(client, other.token, second.deck.id)
    assert.equal(
      (await db.from('public_decks').where('deck_id', second.deck.id).first()).slug,
      'european-capitals-2'
    )
  })

  test(
    'a second version counts created, updated and deleted notes against the last approved one; a pending one ' +
      'is superseded',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const admin = await moderator()
      const { deck } = await deckWithCards(client, token, 'Capitals', 22)
      const first = await publish(client, token, deck.id)
      await approve(client, admin.token, first.id)

      const notes = await db.from('notes').orderBy('id').select('id')
      const edited = await client
        .put(`/api/notes/${notes[0].id}`)
        .bearerToken(token)
        .json({ note: { fields: { Front: 'Paris', Back: 'France' } } })
      edited.assertStatus(200)
      const removed = await client
        .delete('/api/notes/bulk_destroy')
        .bearerToken(token)
        .json({ deck_id: deck.id, ids: [notes[1].id, notes[2].id] })
      assert.isBelow(removed.status(), 300)
      await basicNote(client, token, deck.id, 'Rome', 'Italy')

      const pending = await publish(client, token, deck.id)
      await basicNote(client, token, deck.id, 'Madrid', 'Spain')
      const second = await publish(client, token, deck.id)
      assert.containsSubset(second, {
        version: 2,
        status: 'pending',
        changes: { createdCount: 2, updatedCount: 1, deletedCount: 2 },
      })
      assert.isNull(await db.from('deck_revisions').where('id', pending.id).first())
      assert.deepEqual(
        (await db.from('deck_revisions').orderBy('version')).map((row) => [
          row.version,
          row.status,
        ]),
        [
          [1, 'approved'],
          [2, 'pending'],
        ]
      )
      /* the library still shows version 1 until version 2 is approved */
      assert.equal((await db.from('public_decks').first()).current_revision_id, first.id)
    }
  )

  test(
    'the optional category and subcategory file the deck in the library; an unknown one refuses the whole ' +
      'submission',
    async ({ client, assert }) => {
      await seedCategories()
      const author = await signIn()
      const { deck } = await deckWithCards(client, author.token, 'Verbos', 20)
      const unknown = await client
        .post(`/api/decks/${deck.id}/publish`)
        .bearerToken(author.token)
        .json({
          name: 'Verbos',
          description: DESCRIPTION,
          category: 'languages',
          subcategory: 'klingon',
        })
      unknown.assertStatus(422)
      assert.equal(unknown.body().errors[0].field, 'category')
      assert.equal(
        Number((await db.from('deck_revisions').count('* as n').first()).n),
        0,
        'nothing written'
      )
      assert.equal(Number((await db.from('public_decks').count('* as n').first()).n), 0)

      const filed = await client
        .post(`/api/decks/${deck.id}/publish`)
        .bearerToken(author.token)
        .json({
          name: 'Verbos',
          description: DESCRIPTION,
          category: 'languages',
          subcategory: 'spanish',
        })
      filed.assertStatus(201)
      const row = await db
        .from('public_decks as p')
        .join('library_categories as c', 'c.id', 'p.category_id')
        .select('c.key')
        .firstOrFail()
      assert.equal(row.key, 'spanish')
      /* the spec's body alone keeps the filing */
      ;(
        await client
          .post(`/api/decks/${deck.id}/publish`)
          .bearerToken(author.token)
          .json({ name: 'Verbos', description: DESCRIPTION })
      ).assertStatus(201)
      assert.equal(
        (
          await db
            .from('public_decks as p')
            .join('library_categories as c', 'c.id', 'p.category_id')
            .select('c.key')
            .firstOrFail()
        ).key,
        'spanish'
      )
    }
  )

  test('a published deck cannot be moved into another deck; an unpublished one can', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const { deck } = await deckWithCards(client, token, 'Capitals', 20)
    const target = await createDeck(client, token, { name: 'Geography' })
    const revision = await publish(client, token, deck.id)
    const moved = await client
      .post('/api/decks/move_deck')
      .bearerToken(token)
      .json({ deck_id: deck.id, parent_deck_id: target.id })
    moved.assertStatus(422)
    assertErrorBody(assert, moved.body(), 'E_DECK_PUBLISHED')
    assert.isNull((await db.from('decks').where('id', deck.id).first()).parent_id)
    /* out to a folder stays allowed */
    const folder = await client.post('/api/folders').bearerToken(token).json({ name: 'Travel' })
    const toFolder = await client
      .post('/api/decks/move_deck')
      .bearerToken(token)
      .json({ deck_id: deck.id, folder_id: folder.body().id })
    toFolder.assertStatus(200)

    ;(
      await client.post(`/api/deck_revisions/${revision.id}/unpublish`).bearerToken(token)
    ).assertStatus(200)
    const after = await client
      .post('/api/decks/move_deck')
      .bearerToken(token)
      .json({ deck_id: deck.id, parent_deck_id: target.id })
    after.assertStatus(200)
  })
})
