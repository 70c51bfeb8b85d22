import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { makeUser, resetState } from '#tests/support/helpers'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import { adminSession } from './support.js'

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

test.group('OpenAPI document: the admin answers are what it says', (group) => {
  group.each.setup(() => resetState())

  test('admin token, masquerade, experiments, update_self, premium, and their 403/404', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/openapi.json')).body() as OpenApiDocument
    const { user, adminToken } = await adminSession(client)
    const issued = await client
      .post('/api/admin/token')
      .json({ email: user.email, password: 'correct-horse-battery' })
    conforms(assert, document, 'post', '/admin/token', issued, 201)
    conforms(
      assert,
      document,
      'post',
      '/admin/token',
      await client.post('/api/admin/token').json({ email: user.email, password: 'nope' }),
      400
    )
    const learner = await makeUser()
    const as = (request: any) => request.header('Admin-Authorization', adminToken)
    conforms(
      assert,
      document,
      'get',
      '/admin/masquerade',
      await as(client.get('/api/admin/masquerade').qs({ user_id: learner.id })),
      200
    )
    conforms(
      assert,
      document,
      'get',
      '/admin/masquerade',
      await as(client.get('/api/admin/masquerade').qs({ user_id: 999999 })),
      404
    )
    conforms(
      assert,
      document,
      'get',
      '/admin/masquerade',
      await client.get('/api/admin/masquerade').qs({ user_id: learner.id }),
      403
    )
    conforms(
      assert,
      document,
      'get',
      '/admin/experiments',
      await as(client.get('/api/admin/experiments')),
      200
    )
    conforms(
      assert,
      document,
      'put',
      '/admin/update_self',
      await as(
        client
          .put('/api/admin/update_self')
          .json({ user: { experiments: { library_home: 'control' } } })
      ),
      200
    )
    conforms(
      assert,
      document,
      'put',
      '/admin/update_self',
      await as(client.put('/api/admin/update_self').json({ user: { experiments: { nope: 'x' } } })),
      422
    )
    conforms(
      assert,
      document,
      'put',
      '/admin/users/{id}/premium',
      await as(client.put(`/api/admin/users/${learner.id}/premium`).json({ premium: false })),
      200
    )
    conforms(
      assert,
      document,
      'put',
      '/admin/users/{id}/premium',
      await as(client.put('/api/admin/users/999999/premium').json({ premium: false })),
      404
    )
  })
})
