/*
 * The OpenAPI 3.1 description of /api, served at /api/openapi.json, built
 * once per process from what the server itself uses: the routes (paths,
 * operationIds, auth), the entries of app/services/openapi/operations/
 * (validators for requests, reply types for replies, error statuses), and the
 * reply schemas generated from the transformers' types
 * (resources/openapi/replies.json, `npm run openapi`). Nothing here is a
 * second copy of a shape. A route under /api without an entry, or an entry
 * without a route, is an error (tests/functional/api/openapi.spec.ts).
 */
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { toOperation, type Operations, type RouteFacts } from '#services/openapi/operation'
import { OPERATION_GROUPS } from '#services/openapi/operations/index'

const DESCRIPTION = [
  'JSON API of the Mnemo apps. Bodies use snake_case keys as the apps send them; answers use the camelCase ' +
    'entity fields.',
  'Errors are {title, body?, code}, localized after Accept-Language; every 422 adds errors [{field, rule, message}].',
  '401 means only a missing, bad or expired bearer token.',
  "Near its expiry a token's answers carry its successor in x-user-token (the same one until it is used).",
  'For users in a shared deck, an answer may carry refetch_deck_ids: the ids (comma-separated) of shared main ' +
    'decks whose',
  'notes or subdecks changed since this token was last told; absent when nothing changed.',
  'Apps send their version in x-app-version: below the remote flag min_app_version every call but GET /remote_flags',
  'answers 426 E_APP_UPDATE_REQUIRED. While the flag maintenance is on, users created before ' +
    'maintenance_started_at get',
  '503 E_MAINTENANCE. While server_message is set, every answer carries x-server-message: base64 of the UTF-8 JSON',
  '{"title", "body"}, a non-dismissible message.',
].join(' ')

const errorProperties = {
  title: { type: 'string', description: "what went wrong, in the reader's language" },
  body: { type: 'string', description: 'what to do about it, when there is more to say' },
  code: {
    type: 'string',
    description: 'the stable machine-readable code (E_NOT_FOUND, E_DECK_ARCHIVED, …)',
  },
}
/* the error body of app/exceptions/handler.ts; some codes add fields of their own (reason, counter, position, …) */
const ERROR_SCHEMAS = {
  Error: {
    type: 'object',
    properties: errorProperties,
    required: ['title', 'code'],
    additionalProperties: true,
  },
  ValidationError: {
    type: 'object',
    properties: {
      ...errorProperties,
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            field: {
              type: 'string',
              description: "the body field or parameter; '' for the request as a whole",
            },
            rule: { type: 'string' },
            message: { type: 'string' },
          },
          required: ['field', 'rule', 'message'],
          additionalProperties: false,
        },
      },
    },
    required: ['title', 'code', 'errors'],
    additionalProperties: true,
  },
}

/** Each /api route, keyed `METHOD /path` as the document writes it. */
function apiRoutes(): Map<string, RouteFacts> {
  const routes = new Map<string, RouteFacts>()
  for (const route of Object.values(router.toJSON()).flat()) {
    if (!route.pattern.startsWith('/api/') || route.pattern === '/api/*') continue
    const path = route.pattern.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')
    const middleware = [...route.middleware.all()].map((entry) =>
      String((entry as { name?: string }).name ?? '')
    )
    for (const method of route.methods.filter((name) => name !== 'HEAD'))
      routes.set(`${method} ${path}`, { name: route.name ?? '', middleware })
  }
  return routes
}

function paths(routes: Map<string, RouteFacts>) {
  const result: Record<string, Record<string, unknown>> = {}
  const documented = new Set<string>()
  for (const { tag, operations } of OPERATION_GROUPS) {
    for (const [key, operation] of Object.entries(operations as Operations)) {
      const route = routes.get(key)
      if (!route) throw new Error(`the OpenAPI entry ${key} has no route`)
      const [method, path] = key.split(' ')
      result[path] ??= {}
      result[path][method.toLowerCase()] = {
        tags: [tag],
        ...toOperation(method, path, operation, route),
      }
      documented.add(key)
    }
  }
  const missing = [...routes.keys()].filter((key) => !documented.has(key))
  if (missing.length) throw new Error(`routes without an OpenAPI entry: ${missing.join(', ')}`)
  return result
}

function build() {
  const replies = JSON.parse(readFileSync(app.makePath('resources/openapi/replies.json'), 'utf8'))
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mnemo mobile API',
      version: '1.0.0',
      description: DESCRIPTION,
      /* package.json says UNLICENSED: a private API; SPDX names a license of its own LicenseRef-… */
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api' }],
    tags: OPERATION_GROUPS.map(({ tag, description }) => ({ name: tag, description })),
    paths: paths(apiRoutes()),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'the token a sign-up or sign-in answers',
        },
        adminToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Admin-Authorization',
          description: 'an admin token (POST admin/token)',
        },
      },
      schemas: { ...ERROR_SCHEMAS, ...replies },
    },
  }
}

let built: ReturnType<typeof build> | undefined

/** The document, built on first use (the routes are committed by then). */
export function openApiDocument() {
  built ??= build()
  return built
}
