import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { resetState } from '#tests/support/helpers'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import { basicNote, signIn } from '#tests/support/content'
import { join, participant, sharedDeck } from './support.js'

/* The sharing calls' answers against /api/openapi.json (tests/support/openapi_conformance.ts). */
test.group('OpenAPI document: sharing answers are what it says', (group) => {
  group.each.setup(() => resetState())

  test('shared deck reads, joining, the participant list, role change and removal', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/openapi.json')).body() as OpenApiDocument
    const conforms = (method: string, path: string, response: ApiResponse, status: number) => {
      assert.equal(response.status(), status, `${method} ${path}: ${response.text().slice(0, 300)}`)
      const problems = conformanceProblems(
        document,
        responseSchema(document, method, path, status),
        response.body()
      )
      assert.deepEqual(
        [...new Set(problems)],
        [],
        `${method} ${path} ${status} differs from /api/openapi.json`
      )
    }
    const { owner, deck, token } = await sharedDeck(client)
    await basicNote(client, owner.token, deck.id, 'Front', 'Back')
    conforms('GET', '/v2/decks/{token}', await client.get(`/api/v2/decks/${token}`), 200)
    conforms(
      'GET',
      '/v2/decks/{token}/notes',
      await client.get(`/api/v2/decks/${token}/notes`),
      200
    )
    conforms(
      'GET',
      '/v2/decks/{token}/cards',
      await client.get(`/api/v2/decks/${token}/cards`).qs({ html_preview: true }),
      200
    )
    conforms(
      'GET',
      '/v2/decks/{token}/cards',
      await client.get(`/api/v2/decks/${token}/cards`),
      200
    )

    const learner = await signIn()
    conforms('POST', '/deck_collaborators', await join(client, learner, token), 201)
    const viewer = await participant(client, token)
    conforms(
      'GET',
      '/deck_collaborators',
      await client
        .get('/api/deck_collaborators')
        .bearerToken(learner.token)
        .qs({ deck_id: deck.id }),
      200
    )
    conforms(
      'PUT',
      '/deck_collaborators/{id}',
      await client
        .put(`/api/deck_collaborators/${viewer.collaboratorId}`)
        .bearerToken(owner.token)
        .json({ role: 'editor' }),
      200
    )
    conforms(
      'DELETE',
      '/deck_collaborators/{id}',
      await client
        .delete(`/api/deck_collaborators/${viewer.collaboratorId}`)
        .bearerToken(owner.token),
      200
    )
    conforms(
      'GET',
      '/decks/{id}',
      await client.get(`/api/decks/${deck.id}`).bearerToken(owner.token),
      200
    )
  })
})
