/*
 * One operation of the OpenAPI document, from its short entry
 * (app/services/openapi/operations/) and what the router knows of its route:
 * the operationId is the route's name, the security its auth middleware, the
 * path parameters its pattern. Requests come from the VineJS validators,
 * replies from the reply types (bin/openapi/reply_types.ts), errors from the statuses the
 * entry lists, each with the error body.
 */
import type { ReplyTypes } from '#bin/openapi/reply_types'
import { bodySchema, queryParameters, type Schema } from '#services/openapi/request_schema'

/** A VineJS validator; or, where a door reads its input without one, the JSON Schema of that input. */
type Validator = { toJSONSchema(): unknown } | Schema
/** A reply: a type of ReplyTypes (or one of several), null for no body, or a file of a media type. */
export type Reply =
  keyof ReplyTypes | (keyof ReplyTypes)[] | null | { media: string; description: string }
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type Operation = {
  summary: string
  description?: string
  /** the validator of the query string */
  query?: Validator
  /** the validator of a JSON body */
  body?: Validator
  /** the validator of a multipart/form-data body (its file fields are binary) */
  multipart?: Validator
  /** the body may be left out (the validator's fields are all optional) */
  optionalBody?: boolean
  /** each success status and its reply */
  ok: Partial<Record<number, Reply>>
  /** the error statuses of the operation itself; 401, 413, 422, 426, 429 and 503 are added from the route */
  errors?: number[]
  /** the type of a path parameter other than integer ids (`{id}`, `{deckId}`) */
  params?: Record<string, 'string' | 'integer'>
  /** a bearer token is optional: the reply may depend on who asks */
  optionalAuth?: boolean
}

/** The entries of one domain, keyed `METHOD /path` as the document writes the path. */
export type Operations = Record<`${Method} /${string}`, Operation>

/** What the router says of a route. */
export type RouteFacts = { name: string; middleware: string[] }

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: wrong credentials, a token not verified, a bad signature',
  401: 'Missing, bad or expired bearer token',
  402: 'A limit of the free plan, or a premium feature: show the paywall',
  403: 'Seen, but not allowed to the caller (admin API: Admin-Authorization missing, wrong or expired)',
  404: "Not found, or not the caller's to see",
  409: 'In a state that does not allow it (archived, being processed, already done, its Idempotency-Key still running)',
  410: 'Gone: expired, or no longer available to the caller',
  413: 'Too large',
  415: 'A body that is not JSON, multipart/form-data or form-urlencoded: send Content-Type: application/json',
  422: 'Validation failed, or a business rule refused it: errors names the fields',
  426: 'The app (x-app-version) is older than the remote flag min_app_version: update it',
  429: 'Too many requests: wait for Retry-After seconds',
  502: 'A provider the server depends on failed or could not be reached',
  503: 'Maintenance, not configured here, or busy: try again later',
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } })

function errorResponse(status: number) {
  const response: Schema = {
    description: ERROR_DESCRIPTIONS[status] ?? 'An error',
    ...json(ref(status === 422 ? 'ValidationError' : 'Error')),
  }
  if (status === 429)
    response.headers = {
      'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } },
    }
  return response
}

function successResponse(reply: Reply) {
  if (reply === null) return { description: 'Done, no body' }
  if (Array.isArray(reply))
    return { description: reply.join(' or '), ...json({ anyOf: reply.map(ref) }) }
  if (typeof reply === 'object') {
    const schema =
      reply.media === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' }
    return { description: reply.description, content: { [reply.media]: { schema } } }
  }
  return { description: reply, ...json(ref(reply)) }
}

/* `{id}` and `{deckId}` are integer ids; anything else says its type in the entry */
const pathParameter = (name: string, operation: Operation) => ({
  name,
  in: 'path',
  required: true,
  schema: {
    type: operation.params?.[name] ?? (name === 'id' || name.endsWith('Id') ? 'integer' : 'string'),
  },
})

function security(route: RouteFacts, operation: Operation) {
  if (route.middleware.includes('adminAuth')) return [{ adminToken: [] }]
  if (route.middleware.includes('apiAuth')) return [{ bearer: [] }]
  return operation.optionalAuth ? [{}, { bearer: [] }] : []
}

/* a POST of a route with the idempotency middleware (app/middleware/idempotency_middleware.ts) */
const idempotent = (route: RouteFacts, method: string) =>
  method === 'POST' && route.middleware.includes('idempotent')

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'a key of your own (a UUID) for this request: sent again with the same key and the same request ' +
    'within 24 hours, the first answer comes back (Idempotent-Replayed: true) and nothing is done twice; ' +
    'the same key with another request is 422 E_IDEMPOTENCY_KEY_REUSED, and 409 ' +
    'E_IDEMPOTENT_REQUEST_IN_FLIGHT while the first still runs',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
}

/** The statuses every operation of this route may answer besides its own. */
function routeErrors(route: RouteFacts, operation: Operation, path: string, method: string) {
  const statuses = new Set(operation.errors ?? [])
  if (route.middleware.includes('apiAuth')) [401, 503].forEach((status) => statuses.add(status))
  /* the admin API: its own credential, refused with 403 (401 is only ever the bearer token) */
  if (route.middleware.includes('adminAuth')) statuses.add(403)
  if (operation.optionalAuth) statuses.add(401)
  /* any call: a validator's refusal, a malformed JSON body, text no column can hold (storable_text_middleware) */
  statuses.add(422)
  /* a body past the body parser's cap (config/bodyparser.ts): E_BODY_TOO_BIG, or E_FILE_TOO_BIG for an upload */
  if (operation.body || operation.multipart || ['POST', 'PUT', 'PATCH'].includes(method))
    statuses.add(413)
  /* a body of another content type (app/middleware/body_content_type_middleware.ts) */
  if (operation.body || operation.multipart || ['POST', 'PUT', 'PATCH'].includes(method))
    statuses.add(415)
  if (route.middleware.some((name) => name.endsWith('Throttle'))) statuses.add(429)
  if (idempotent(route, method)) statuses.add(409)
  /*
   * every call but the probes and GET remote_flags checks the app version
   * (app/middleware/remote_flags_middleware.ts)
   */
  if (!['/health', '/ready', '/remote_flags'].includes(path)) statuses.add(426)
  return [...statuses].sort()
}

/** The schema of an entry's request body (JSON, else multipart), without the router: the route fuzz reads it. */
export function requestBodySchema(operation: Operation): Schema | undefined {
  if (operation.body) return bodySchema(operation.body)
  return operation.multipart ? bodySchema(operation.multipart, true) : undefined
}

/* JSON, multipart, or both (PUT users/{id}: its avatar is a file; the JSON body leaves the file out) */
function requestBody(operation: Operation) {
  const content: Record<string, { schema: Schema }> = {}
  const files = operation.multipart ? bodySchema(operation.multipart, true) : undefined
  if (operation.body) {
    const schema = bodySchema(operation.body)
    const binary = Object.entries<Schema>(files?.properties ?? {})
      .filter(([, property]) => property.format === 'binary')
      .map(([name]) => name)
    for (const name of binary) delete schema.properties?.[name]
    content['application/json'] = { schema }
  }
  if (files) content['multipart/form-data'] = { schema: files }
  return Object.keys(content).length ? { required: !operation.optionalBody, content } : undefined
}

/** `api.decks.show` → `decksShow`, `api.learning.cards_v1` → `learningCardsV1` */
const operationId = (routeName: string) =>
  routeName.replace(/^api\./, '').replace(/[._]+(\w)/g, (_, letter: string) => letter.toUpperCase())

/** The OpenAPI operation object of an entry. */
export function toOperation(method: string, path: string, operation: Operation, route: RouteFacts) {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
  const parameters = [
    ...pathParams.map((name) => pathParameter(name, operation)),
    ...(operation.query ? queryParameters(operation.query, pathParams) : []),
    ...(idempotent(route, method) ? [IDEMPOTENCY_KEY] : []),
  ]
  const body = requestBody(operation)
  const responses: Record<string, unknown> = {}
  for (const [status, reply] of Object.entries(operation.ok))
    responses[status] = successResponse(reply as Reply)
  for (const status of routeErrors(route, operation, path, method))
    responses[status] = errorResponse(status)
  return {
    operationId: operationId(route.name),
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: security(route, operation),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  }
}
