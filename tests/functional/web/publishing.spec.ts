import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { tokenFor } from '#tests/support/helpers'
import {
  cloneDeck,
  deckWithCards,
  DESCRIPTION,
  liveDeck,
  publish,
} from '#tests/functional/api/publishing/support'
import { signIn } from '#tests/support/content'

const page = async (web: WebSession, path: string) => {
  const response = await web.get(path)
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
  return WebSession.page(response.text)
}

test.group('Web: publishing panel and the moderation page', (group) => {
  group.each.setup(() => resetState())

  test('the author publishes from the deck page and reads the verdict there', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('author@example.test')
    const { deck } = await deckWithCards(client, await tokenFor(user), 'Capitals', 20)
    const before = await page(web, `/decks/${deck.id}`)
    assert.isNull(before.props.deck.publicDeck)
    const html = (await web.get(`/decks/${deck.id}`)).text
    assert.include(html, 'Publish to the library')

    const short = await web.post(`/decks/${deck.id}/publish`, {
      name: 'Capitals',
      description: 'short',
    })
    assert.equal(short.status, 302)
    assert.equal(Number((await db.from('deck_revisions').count('* as n').first()).n), 0)
    const sent = await web.post(`/decks/${deck.id}/publish`, {
      name: 'Capitals',
      description: DESCRIPTION,
    })
    assert.equal(sent.status, 302)
    const revision = await db.from('deck_revisions').first()
    assert.equal(revision.status, 'pending')
    await db
      .from('deck_revisions')
      .where('id', revision.id)
      .update({ status: 'rejected', reason: 'Needs sources' })
    const after = await page(web, `/decks/${deck.id}`)
    assert.containsSubset(after.props.deck.publicDeck, {
      status: 'pending',
      revisionStatus: 'rejected',
      reason: 'Needs sources',
      url: '/library/decks/capitals',
    })
    assert.include((await web.get(`/decks/${deck.id}`)).text, 'Rejected: Needs sources')
    assert.equal((await web.post(`/deck_revisions/${revision.id}/unpublish`)).status, 302)
    assert.isNotNull((await db.from('public_decks').first()).unpublished_at)
    assert.include((await web.get(`/decks/${deck.id}`)).text, 'Not in the library')
  })

  test(
    'moderators see pending revisions and open reports, approve, reject with a reason, close reports; others ' +
      'get a 404',
    async ({ client, assert }) => {
      const author = await signIn()
      const { deck } = await deckWithCards(client, author.token, 'Capitals', 20)
      const revision = await publish(client, author.token, deck.id, 'Capitals of Europe')

      const { web: learnerWeb } = await signedIn('learner@example.test')
      assert.equal((await learnerWeb.get('/moderation')).status, 404)
      assert.equal(
        (await learnerWeb.post(`/moderation/deck_revisions/${revision.id}/approve`)).status,
        404
      )
      assert.equal((await db.from('deck_revisions').first()).status, 'pending')

      const { user: admin, web } = await signedIn('admin@example.test')
      await db.from('users').where('id', admin.id).update({ is_admin: true })
      const queue = await page(web, '/moderation')
      assert.equal(queue.component, 'publishing/moderation')
      assert.lengthOf(queue.props.revisions, 1)
      assert.containsSubset(queue.props.revisions[0], {
        id: revision.id,
        name: 'Capitals of Europe',
        version: 1,
        notesCount: 20,
        changes: { createdCount: 20 },
      })
      assert.include((await web.get('/moderation')).text, 'Capitals of Europe')

      const noReason = await web.post(`/moderation/deck_revisions/${revision.id}/reject`, {
        reason: '',
      })
      assert.equal(noReason.status, 302)
      assert.equal((await db.from('deck_revisions').first()).status, 'pending')
      const approved = await web.post(`/moderation/deck_revisions/${revision.id}/approve`)
      assert.equal(approved.status, 302)
      assert.equal((await db.from('public_decks').first()).status, 'approved')

      const second = await publish(client, author.token, deck.id, 'Capitals of Europe')
      await page(web, '/moderation')
      assert.equal(
        (await web.post(`/moderation/deck_revisions/${second.id}/reject`, { reason: 'Duplicates' }))
          .status,
        302
      )
      assert.containsSubset(await db.from('deck_revisions').where('id', second.id).first(), {
        status: 'rejected',
        reason: 'Duplicates',
        reviewed_by: admin.id,
      })
    }
  )

  test('a report on a clone reaches the moderation page and is dismissed there', async ({
    client,
    assert,
  }) => {
    const { publicDeckId } = await liveDeck(client)
    const learner = await signIn()
    const clone = await cloneDeck(client, learner.token, publicDeckId)
    ;(
      await client
        .post(`/api/decks/${clone.id}/report`)
        .bearerToken(learner.token)
        .json({ report_text: 'Typos everywhere' })
    ).assertStatus(201)
    const { user: admin, web } = await signedIn('admin@example.test')
    await db.from('users').where('id', admin.id).update({ is_admin: true })
    const queue = await page(web, '/moderation')
    assert.containsSubset(queue.props.reports, [{ text: 'Typos everywhere', publicDeckId }])
    const { web: other } = await signedIn('other@example.test')
    assert.equal(
      (
        await other.post(`/moderation/reports/${queue.props.reports[0].id}`, {
          status: 'dismissed',
        })
      ).status,
      404
    )
    assert.equal(
      (await web.post(`/moderation/reports/${queue.props.reports[0].id}`, { status: 'dismissed' }))
        .status,
      302
    )
    assert.equal((await db.from('deck_reports').first()).status, 'dismissed')
    assert.lengthOf((await page(web, '/moderation')).props.reports, 0)
  })

  test(
    "a learner clones from the library page's button, pulls an update from the banner; no one " +
      'else unpublishes',
    async ({ client, assert }) => {
      const { author, admin, deck, publicDeckId } = await liveDeck(client)
      const { user: learner, web } = await signedIn('learner@example.test')
      await page(web, '/')
      const cloned = await web.post('/library/clone_deck', { deck_id: publicDeckId })
      assert.equal(cloned.status, 302)
      const clone = await db.from('library_clones').where('user_id', learner.id).first()
      assert.equal(cloned.location, `/decks/${clone.deck_id}`)
      assert.equal((await web.post('/library/clone_deck', { deck_id: 999999 })).status, 404)

      const second = await publish(client, author.token, deck.id)
      ;(
        await client
          .post(`/api/moderation/deck_revisions/${second.id}/approve`)
          .bearerToken(admin.token)
      ).assertStatus(200)
      const shown = await page(web, `/decks/${clone.deck_id}`)
      assert.containsSubset(shown.props.deck.libraryUpdate, { revisionId: second.id, version: 2 })
      assert.include((await web.get(`/decks/${clone.deck_id}`)).text, 'Update my copy')
      assert.equal((await web.post(`/decks/${clone.deck_id}/pull_library_update`)).status, 302)
      assert.equal(
        (await db.from('library_clones').where('user_id', learner.id).first()).revision_id,
        second.id
      )
      assert.isNull((await page(web, `/decks/${clone.deck_id}`)).props.deck.libraryUpdate)

      /* the learner cannot unpublish the author's deck (a 404: not theirs to see) */
      assert.equal((await web.post(`/deck_revisions/${second.id}/unpublish`)).status, 404)
      const { web: authorWeb } = await signedIn('author2@example.test')
      assert.equal((await authorWeb.post(`/deck_revisions/${second.id}/unpublish`)).status, 404)
      assert.isNull((await db.from('public_decks').first()).unpublished_at)
    }
  )
})
