import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { makeUser, resetState, tokenFor } from '#tests/support/helpers'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import { scriptAi, useAiDouble, useOffline } from '#tests/support/ai_server'

/*
 * The AI note template calls' answers against /api/openapi.json (as
 * tests/functional/api/openapi_conformance.spec.ts does for the rest).
 */
test.group('OpenAPI document: AI note templates answer what it says', (group) => {
  group.each.setup(async () => {
    await resetState()
    return useAiDouble('anthropic')
  })
  group.teardown(() => useOffline())

  test('list, create, update, apply, improve, delete and their errors', async ({
    client,
    assert,
  }) => {
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
    const token = await tokenFor(await makeUser())
    conforms(
      'GET',
      '/ai_note_templates',
      await client.get('/api/ai_note_templates').bearerToken(token),
      200
    )
    const created = await client
      .post('/api/ai_note_templates')
      .bearerToken(token)
      .json({ name: 'Mine', prompt: 'Do it.' })
    conforms('POST', '/ai_note_templates', created, 201)
    const id = created.body().id
    conforms(
      'PUT',
      '/ai_note_templates/{id}',
      await client
        .put(`/api/ai_note_templates/${id}`)
        .bearerToken(token)
        .json({ name: 'Mine 2', prompt: 'Do it again.' }),
      200
    )
    scriptAi({ text: '{"Front": "a", "Back": "b"}' })
    conforms(
      'POST',
      '/ai_note_templates/{id}/apply',
      await client
        .post(`/api/ai_note_templates/${id}/apply`)
        .bearerToken(token)
        .json({ fields: { Front: 'x', Back: null } }),
      200
    )
    scriptAi({ text: 'Better.' })
    conforms(
      'PATCH',
      '/ai_note_templates/improve',
      await client
        .patch('/api/ai_note_templates/improve')
        .bearerToken(token)
        .json({ prompt: 'better' }),
      200
    )
    conforms(
      'POST',
      '/ai_note_templates/{id}/apply',
      await client
        .post(`/api/ai_note_templates/${id}/apply`)
        .bearerToken(token)
        .json({ fields: { Front: '' } }),
      422
    )
    scriptAi({ status: 529 }, { status: 529 })
    conforms(
      'POST',
      '/ai_note_templates/{id}/apply',
      await client
        .post(`/api/ai_note_templates/${id}/apply`)
        .bearerToken(token)
        .json({ fields: { Front: 'x' } }),
      429
    )
    scriptAi({ status: 500 }, { status: 500 })
    conforms(
      'PATCH',
      '/ai_note_templates/improve',
      await client.patch('/api/ai_note_templates/improve').bearerToken(token).json({ prompt: 'x' }),
      502
    )
    const builtin = (await client.get('/api/ai_note_templates').bearerToken(token)).body()[0].id
    conforms(
      'DELETE',
      '/ai_note_templates/{id}',
      await client.delete(`/api/ai_note_templates/${builtin}`).bearerToken(token),
      403
    )
    const deleted = await client.delete(`/api/ai_note_templates/${id}`).bearerToken(token)
    assert.equal(deleted.status(), 204)
    assert.equal(deleted.text(), '')
    conforms(
      'PUT',
      '/ai_note_templates/{id}',
      await client
        .put(`/api/ai_note_templates/${id}`)
        .bearerToken(token)
        .json({ name: 'a', prompt: 'b' }),
      404
    )
  })
})
