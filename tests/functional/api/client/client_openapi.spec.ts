import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { resetState } from '#tests/support/helpers'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import { signIn } from '#tests/support/content'

/*
 * The answers of issue 17's calls against /api/openapi.json (as
 * tests/functional/api/openapi_conformance.spec.ts does for the others).
 */
function conforms(
  assert: any,
  document: OpenApiDocument,
  method: string,
  path: string,
  response: ApiResponse,
  status: number
) {
  assert.equal(response.status(), status, `${method} ${path}: ${response.text().slice(0, 300)}`)
  const problems = conformanceProblems(
    document,
    responseSchema(document, method, path, status),
    response.body()
  )
  assert.deepEqual(problems, [], `${method} ${path} ${status} differs from /api/openapi.json`)
}

test.group("OpenAPI document: events, app ratings and the user's additions", (group) => {
  group.each.setup(() => resetState())

  test('POST events (201, 200), GET events/check, POST app_ratings.json, the User with links and reminder', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/openapi.json')).body() as OpenApiDocument
    const { user, token } = await signIn()
    conforms(
      assert,
      document,
      'GET',
      '/events/check',
      await client.get('/api/events/check').bearerToken(token).qs({ event_hash: 'wrapped_2026' }),
      200
    )
    conforms(
      assert,
      document,
      'POST',
      '/events',
      await client.post('/api/events').bearerToken(token).json({ event_hash: 'wrapped_2026' }),
      201
    )
    conforms(
      assert,
      document,
      'POST',
      '/events',
      await client.post('/api/events').bearerToken(token).json({ event_hash: 'wrapped_2026' }),
      200
    )
    conforms(
      assert,
      document,
      'GET',
      '/events/check',
      await client.get('/api/events/check').bearerToken(token).qs({ event_hash: 'wrapped_2026' }),
      200
    )
    conforms(
      assert,
      document,
      'POST',
      '/events',
      await client.post('/api/events').bearerToken(token).json({}),
      422
    )
    conforms(
      assert,
      document,
      'POST',
      '/app_ratings.json',
      await client
        .post('/api/app_ratings.json')
        .bearerToken(token)
        .json({ feedback_type: 'love_it', text: 'Great', prefix: 'settings' }),
      201
    )
    conforms(
      assert,
      document,
      'POST',
      '/app_ratings.json',
      await client.post('/api/app_ratings.json').json({ feedback_type: 'love_it' }),
      401
    )
    const put = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({
        user: {
          social_links: { website: 'https://ana.example' },
          study_reminder_time: '08:00',
          study_reminder_enabled: true,
        },
      })
    conforms(assert, document, 'PUT', '/users/{id}', put, 200)
    conforms(
      assert,
      document,
      'GET',
      '/users/wrapped',
      await client.get('/api/users/wrapped').bearerToken(token),
      200
    )
  })
})
