import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'

/** "/api/users/:id" → "/users/{id}" */
const toOpenApiPath = (pattern: string) => pattern.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')

test.group('API documentation', () => {
  test('every /api route is in the OpenAPI document', async ({ client, assert }) => {
    const response = await client.get('/api/openapi.json')
    response.assertStatus(200)
    const document = response.body()
    assert.equal(document.openapi, '3.1.0')

    const routes = Object.values(router.toJSON()).flat().filter((route) => route.pattern.startsWith('/api/') && route.pattern !== '/api/*')
    assert.isAbove(routes.length, 10)
    for (const route of routes) {
      const path = toOpenApiPath(route.pattern)
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        assert.property(document.paths[path] ?? {}, method.toLowerCase(), `${method} ${route.pattern} is missing from /api/openapi.json`)
      }
    }
  })

  test('the docs page lists the calls', async ({ client }) => {
    const response = await client.get('/api/docs')
    response.assertStatus(200)
    response.assertTextIncludes('/api/authentication/register_with_email_and_pass')
  })
})
