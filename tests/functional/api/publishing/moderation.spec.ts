import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { getDeck, signIn } from '#tests/support/content'
import { cloneDeck, deckWithCards, liveDeck, moderator, publish } from './support.js'

test.group('API publishing: review, revisions, unpublish, reports', (group) => {
  group.each.setup(() => resetState())

  test(
    'a moderator approves: the revision is live, the library entry approved with its counts; ' +
      'others are refused',
    async ({ client, assert }) => {
      const author = await signIn()
      const admin = await moderator()
      const stranger = await signIn()
      const { deck } = await deckWithCards(client, author.token, 'Capitals', 21, 4)
      const revision = await publish(client, author.token, deck.id)

      for (const token of [author.token, stranger.token]) {
        const refused = await client
          .post(`/api/moderation/deck_revisions/${revision.id}/approve`)
          .bearerToken(token)
        refused.assertStatus(404)
        assertErrorBody(assert, refused.body(), 'E_NOT_FOUND')
        ;(
          await client
            .post(`/api/moderation/deck_revisions/${revision.id}/reject`)
            .bearerToken(token)
            .json({ reason: 'nope nope' })
        ).assertStatus(404)
        ;(await client.get('/api/moderation').bearerToken(token)).assertStatus(404)
      }
      const queue = await client.get('/api/moderation').bearerToken(admin.token)
      queue.assertStatus(200)
      assert.lengthOf(queue.body().revisions, 1)
      assert.containsSubset(queue.body().revisions[0], {
        id: revision.id,
        version: 1,
        notesCount: 21,
        changes: { createdCount: 21 },
      })
      assert.lengthOf(queue.body().revisions[0].notes, 5)

      const approved = await client
        .post(`/api/moderation/deck_revisions/${revision.id}/approve`)
        .bearerToken(admin.token)
      approved.assertStatus(200)
      assert.equal(approved.body().status, 'approved')
      const entry = await db.from('public_decks').where('deck_id', deck.id).first()
      assert.containsSubset(entry, {
        status: 'approved',
        current_revision_id: revision.id,
        notes_count: 21,
        cards_count: 21,
      })
      assert.isNotNull(entry.approved_at)
      const again = await client
        .post(`/api/moderation/deck_revisions/${revision.id}/approve`)
        .bearerToken(admin.token)
      again.assertStatus(409)
      assertErrorBody(assert, again.body(), 'E_REVISION_NOT_PENDING')
      assert.containsSubset((await getDeck(client, author.token, deck.id)).publicDeck, {
        status: 'approved',
        revisionStatus: 'approved',
        deckRevisionId: revision.id,
      })
    }
  )

  test("the queue shows each note's front as its front and back as its back (notes made by bulk_create)", async ({
    client,
    assert,
  }) => {
    const author = await signIn()
    const admin = await moderator()
    const { deck } = await deckWithCards(client, author.token, 'Capitals', 20)
    await publish(client, author.token, deck.id)
    const queue = await client.get('/api/moderation').bearerToken(admin.token)
    queue.assertStatus(200)
    const notes = queue.body().revisions[0].notes.map((note: any) => [note.front, note.back])
    assert.deepEqual(
      notes,
      [0, 1, 2, 3, 4].map((i) => [`Capitals ${i}`, `answer ${i}`])
    )
  })

  test('a rejection needs a reason, which the author reads; the library keeps nothing new', async ({
    client,
    assert,
  }) => {
    const author = await signIn()
    const admin = await moderator()
    const { deck } = await deckWithCards(client, author.token, 'Capitals', 20)
    const revision = await publish(client, author.token, deck.id)
    const noReason = await client
      .post(`/api/moderation/deck_revisions/${revision.id}/reject`)
      .bearerToken(admin.token)
      .json({})
    noReason.assertStatus(422)
    const rejected = await client
      .post(`/api/moderation/deck_revisions/${revision.id}/reject`)
      .bearerToken(admin.token)
      .json({ reason: 'Answers are missing.' })
    rejected.assertStatus(200)
    const shown = await client.get(`/api/deck_revisions/${revision.id}`).bearerToken(author.token)
    shown.assertStatus(200)
    assert.containsSubset(shown.body(), {
      id: revision.id,
      deckId: deck.id,
      status: 'rejected',
      reason: 'Answers are missing.',
      version: 1,
    })
    assert.containsSubset((await getDeck(client, author.token, deck.id)).publicDeck, {
      status: 'pending',
      revisionStatus: 'rejected',
      reason: 'Answers are missing.',
    })
    assert.isNull((await db.from('public_decks').first()).current_revision_id)
  })

  test('GET deck_revisions/{id}: the author and moderators; a stranger or a participant gets a 404', async ({
    client,
    assert,
  }) => {
    const { author, admin, revision } = await liveDeck(client)
    const stranger = await signIn()
    ;(
      await client.get(`/api/deck_revisions/${revision.id}`).bearerToken(author.token)
    ).assertStatus(200)
    ;(await client.get(`/api/deck_revisions/${revision.id}`).bearerToken(admin.token)).assertStatus(
      200
    )
    const hidden = await client
      .get(`/api/deck_revisions/${revision.id}`)
      .bearerToken(stranger.token)
    hidden.assertStatus(404)
    assertErrorBody(assert, hidden.body(), 'E_NOT_FOUND')
    ;(await client.get('/api/deck_revisions/abc').bearerToken(author.token)).assertStatus(404)
  })

  test(
    'unpublish hides the deck from the library, clones survive; only the author may (a moderator 403, a ' +
      'stranger 404)',
    async ({ client, assert }) => {
      const { author, admin, revision, publicDeckId } = await liveDeck(client)
      const learner = await signIn()
      const clone = await cloneDeck(client, learner.token, publicDeckId)
      const stranger = await signIn()
      ;(
        await client
          .post(`/api/deck_revisions/${revision.id}/unpublish`)
          .bearerToken(stranger.token)
      ).assertStatus(404)
      const byAdmin = await client
        .post(`/api/deck_revisions/${revision.id}/unpublish`)
        .bearerToken(admin.token)
      byAdmin.assertStatus(403)
      assertErrorBody(assert, byAdmin.body(), 'E_FORBIDDEN')
      assert.isNull((await db.from('public_decks').first()).unpublished_at)

      const done = await client
        .post(`/api/deck_revisions/${revision.id}/unpublish`)
        .bearerToken(author.token)
      done.assertStatus(200)
      assert.equal(done.body().status, 'unpublished')
      const entry = await db.from('public_decks').first()
      assert.isNotNull(entry.unpublished_at)
      /* retried: the same answer */
      ;(
        await client.post(`/api/deck_revisions/${revision.id}/unpublish`).bearerToken(author.token)
      ).assertStatus(200)
      /* no new clones, the old one is still the learner's */
      const other = await signIn()
      const refused = await client
        .post('/api/library/clone_deck')
        .bearerToken(other.token)
        .json({ deck_id: publicDeckId })
      refused.assertStatus(404)
      assert.equal((await getDeck(client, learner.token, clone.id)).id, clone.id)
      const cards = await db
        .from('cards')
        .join('decks', 'decks.id', 'cards.deck_id')
        .where('decks.root_deck_id', clone.id)
        .count('* as n')
        .first()
      assert.equal(Number(cards.n), 20)
      assert.equal(Number((await db.from('library_clones').count('* as n').first()).n), 1)
    }
  )

  test('a report on a clone lands in the moderation queue with its library deck; a moderator resolves it', async ({
    client,
    assert,
  }) => {
    const { admin, publicDeckId } = await liveDeck(client)
    const learner = await signIn()
    const clone = await cloneDeck(client, learner.token, publicDeckId)
    const reported = await client
      .post(`/api/decks/${clone.id}/report`)
      .bearerToken(learner.token)
      .json({ report_text: 'Wrong capital of Australia' })
    assert.isBelow(reported.status(), 300)
    const direct = await client
      .post(`/api/library_decks/${publicDeckId}/report`)
      .bearerToken(learner.token)
      .json({ report_text: 'Spam' })
    direct.assertStatus(201)
    ;(
      await client
        .post('/api/library_decks/999999/report')
        .bearerToken(learner.token)
        .json({ report_text: 'Spam' })
    ).assertStatus(404)

    const queue = (await client.get('/api/moderation').bearerToken(admin.token)).body()
    assert.lengthOf(queue.reports, 2)
    assert.containsSubset(queue.reports[0], {
      text: 'Wrong capital of Australia',
      publicDeckId,
      deckName: 'European capitals',
    })
    const id = queue.reports[0].id
    ;(
      await client
        .post(`/api/moderation/reports/${id}`)
        .bearerToken(learner.token)
        .json({ status: 'resolved' })
    ).assertStatus(404)
    ;(
      await client
        .post(`/api/moderation/reports/${id}`)
        .bearerToken(admin.token)
        .json({ status: 'bogus' })
    ).assertStatus(422)
    const resolved = await client
      .post(`/api/moderation/reports/${id}`)
      .bearerToken(admin.token)
      .json({ status: 'resolved' })
    resolved.assertStatus(200)
    const dismissed = await client
      .post(`/api/moderation/reports/${queue.reports[1].id}`)
      .bearerToken(admin.token)
      .json({ status: 'dismissed' })
    dismissed.assertStatus(200)
    assert.deepEqual(
      (await db.from('deck_reports').orderBy('id')).map((row) => [row.status, row.resolved_by]),
      [
        ['resolved', admin.user.id],
        ['dismissed', admin.user.id],
      ]
    )
    assert.lengthOf(
      (await client.get('/api/moderation').bearerToken(admin.token)).body().reports,
      0
    )
  })
})
