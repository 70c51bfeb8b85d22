import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { resetState } from '#tests/support/helpers'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import { signIn } from '#tests/support/content'
import { approve, liveDeck, publish } from './support.js'

/* The publishing calls' real answers against /api/openapi.json (as openapi_conformance.spec.ts does for the others). */
test.group('OpenAPI document: the publishing answers are what it says', (group) => {
  group.each.setup(() => resetState())

  test('publish, revisions, moderation, clone, pull, unpublish', async ({ client, assert }) => {
    const document = (await client.get('/api/openapi.json')).body() as OpenApiDocument
    const conforms = (method: string, path: string, response: ApiResponse, status: number) => {
      assert.equal(response.status(), status, `${method} ${path}: ${response.text().slice(0, 300)}`)
      assert.deepEqual(
        conformanceProblems(
          document,
          responseSchema(document, method, path, status),
          response.body()
        ),
        [],
        `${method} ${path} ${status}`
      )
    }
    const { author, admin, deck, revision, publicDeckId } = await liveDeck(client)
    const learner = await signIn()
    conforms(
      'GET',
      '/deck_revisions/{id}',
      await client.get(`/api/deck_revisions/${revision.id}`).bearerToken(author.token),
      200
    )
    conforms(
      'GET',
      '/decks/{id}',
      await client.get(`/api/decks/${deck.id}`).bearerToken(author.token),
      200
    )
    conforms(
      'POST',
      '/library/clone_deck',
      await client
        .post('/api/library/clone_deck')
        .bearerToken(learner.token)
        .json({ deck_id: publicDeckId, search_query: 'x' }),
      201
    )
    const clone = (
      await client
        .post('/api/library/clone_deck')
        .bearerToken(learner.token)
        .json({ deck_id: publicDeckId })
    ).body()
    const second = await publish(client, author.token, deck.id)
    conforms(
      'GET',
      '/moderation',
      await client.get('/api/moderation').bearerToken(admin.token),
      200
    )
    await approve(client, admin.token, second.id)
    conforms(
      'GET',
      '/decks/{id}',
      await client.get(`/api/decks/${clone.id}`).bearerToken(learner.token),
      200
    )
    conforms(
      'POST',
      '/decks/{id}/pull_library_update',
      await client.post(`/api/decks/${clone.id}/pull_library_update`).bearerToken(learner.token),
      200
    )
    conforms(
      'POST',
      '/decks/{id}/pull_library_update',
      await client.post(`/api/decks/${clone.id}/pull_library_update`).bearerToken(learner.token),
      409
    )
    conforms(
      'POST',
      '/library_decks/{id}/report',
      await client
        .post(`/api/library_decks/${publicDeckId}/report`)
        .bearerToken(learner.token)
        .json({ report_text: 'spam' }),
      201
    )
    const report = (await client.get('/api/moderation').bearerToken(admin.token)).body().reports[0]
    conforms(
      'POST',
      '/moderation/reports/{id}',
      await client
        .post(`/api/moderation/reports/${report.id}`)
        .bearerToken(admin.token)
        .json({ status: 'dismissed' }),
      200
    )
    const third = await publish(client, author.token, deck.id)
    conforms(
      'POST',
      '/moderation/deck_revisions/{id}/reject',
      await client
        .post(`/api/moderation/deck_revisions/${third.id}/reject`)
        .bearerToken(admin.token)
        .json({ reason: 'Not yet' }),
      200
    )
    conforms(
      'POST',
      '/decks/{id}/publish',
      await client
        .post(`/api/decks/${deck.id}/publish`)
        .bearerToken(author.token)
        .json({ name: 'x', description: 'short' }),
      422
    )
    const fourth = await publish(client, author.token, deck.id)
    conforms(
      'POST',
      '/moderation/deck_revisions/{id}/approve',
      await client
        .post(`/api/moderation/deck_revisions/${fourth.id}/approve`)
        .bearerToken(admin.token),
      200
    )
    conforms(
      'POST',
      '/deck_revisions/{id}/unpublish',
      await client.post(`/api/deck_revisions/${fourth.id}/unpublish`).bearerToken(author.token),
      200
    )
  })
})
