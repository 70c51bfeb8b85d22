/*
 * Malformed requests for every route of the router, generated with
 * fast-check. The bodies follow the OpenAPI document's request schemas where
 * a route has one (so that the generated request gets past the first check
 * and reaches the deeper ones: one hostile value among plausible ones), and
 * a dictionary of the API's field names where it has none (the web forms).
 * Path parameters take real ids of the signed-in learner's things as well as
 * ids no parser should let reach PostgreSQL.
 */
import fc from 'fast-check'
import router from '@adonisjs/core/services/router'
import { requestBodySchema, type Operations } from '#services/openapi/operation'
import { OPERATION_GROUPS } from '#services/openapi/operations/index'

type Schema = Record<string, any>

export type FuzzRoute = {
  method: string
  pattern: string
  params: string[]
  api: boolean
  bodySchema?: Schema
}

export type FuzzCase = {
  path: Record<string, string>
  query: string
  body: { contentType?: string; payload?: string | FormData }
  accept: string
  inertia: boolean
}

/** The real ids and keys the path parameters may also take. */
export type FuzzIds = { ids: number[]; tokens: string[]; keys: string[] }

const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/* answers 500 on purpose: the server-error page shown for the accessibility sweep (development and tests only) */
const ON_PURPOSE_ERRORS = new Set(['/dev/server-error'])

/** Every route the router knows, one entry per method (HEAD is GET's twin). */
export function routerRoutes(): FuzzRoute[] {
  const routes: FuzzRoute[] = []
  for (const domainRoutes of Object.values(router.toJSON())) {
    for (const route of domainRoutes) {
      if (ON_PURPOSE_ERRORS.has(route.pattern)) continue
      const params = route.pattern
        .split('/')
        .filter((part) => part.startsWith(':'))
        .map((part) => part.slice(1).replace(/\?$/, ''))
      for (const method of route.methods.filter((name) => ROUTE_METHODS.includes(name))) {
        const api = route.pattern.startsWith('/api')
        routes.push({
          method,
          pattern: route.pattern,
          params,
          api,
          bodySchema: api ? requestSchema(method, route.pattern) : undefined,
        })
      }
    }
  }
  return routes
}

/* the OpenAPI entries' request bodies (from their validators), by `METHOD /path` as the document writes it */
const REQUEST_BODIES = new Map(
  OPERATION_GROUPS.flatMap(({ operations }) => Object.entries(operations as Operations)).map(
    ([key, operation]) => [key, requestBodySchema(operation)]
  )
)

function requestSchema(method: string, pattern: string) {
  return REQUEST_BODIES.get(`${method} ${pattern.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`)
}

/** Every property name the document's request bodies use, at any depth: the web forms use the same words. */
function fieldNames() {
  const names = new Set([
    'name',
    'email',
    'password',
    'password_confirmation',
    'current_password',
    'fields',
    'deck_id',
    'note_id',
    'id',
    'ids',
    'version',
    'answer',
    'file',
    'emoji',
    'about',
    'locale',
    'theme',
  ])
  const walk = (schema: Schema | undefined, depth: number) => {
    if (!schema || depth > 5) return
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      names.add(name)
      walk(property as Schema, depth + 1)
    }
    if (schema.items) walk(schema.items, depth + 1)
    for (const option of schema.oneOf ?? schema.anyOf ?? []) walk(option, depth + 1)
  }
  for (const schema of REQUEST_BODIES.values()) walk(schema, 0)
  return [...names]
}

const FIELD_NAMES = fieldNames()
const QUERY_NAMES = [
  'deck_id',
  'id',
  'ids',
  'offset',
  'limit',
  'page',
  'per_page',
  'search',
  'query',
  'sort',
  'order',
  'exclude_ids',
  'learn_session_start_timestamp',
  'include_progress',
  'token',
  'next',
  'locale',
  'state',
  'status',
  'format',
  'from',
  'to',
  'timezone',
  'time_zone',
  'days',
  'note_id',
  'card_id',
  'folder_id',
  'parent_id',
]

/*
 * the kinds of text that have broken a server: NUL and lone surrogates (most often), empty, huge, markup,
 * paths, numbers as text
 */
const UNSTORABLE_TEXT = ['a\u0000b', '\ud800', 'x\udfffy']
const HOSTILE_TEXT = [
  ...UNSTORABLE_TEXT,
  '',
  '\t\n',
  'x'.repeat(20_000),
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '9'.repeat(40),
  '\u202e😀',
]
const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE_TEXT) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT) }
)
const HOSTILE_STRINGS = [
  ...HOSTILE_TEXT,
  '\u0000',
  ' ',
  "' OR 1=1 --",
  '%00',
  '%zz',
  '\u202e',
  '😀',
  'null',
  '[]',
  '{}',
  '1e400',
  'NaN',
  '-0',
  '0x10',
  '2147483648',
  '2026-02-30',
  'T',
  'ana@',
  '@example.test',
  'ana\u0000@example.test',
  'ana\ud800@example.test',
  '{{name}}',
  '=1+1',
]
const HOSTILE_NUMBERS = [
  0,
  -1,
  -0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e20,
  1e308,
  -1e308,
  Number.MIN_VALUE,
]

const hostileScalar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) }
)
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileScalar, { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }
)

const PLAUSIBLE_STRINGS = [
  'Spanish',
  'hola',
  'x',
  'good',
  'basic',
  'anki',
  'fsrs',
  'en',
  'de',
  'light',
  'ana@example.test',
  'correct-horse-battery',
  '1 10',
  '#ff0000',
]

/**
 * A value of the schema's shape: plausible, or (`mixHostile`) now and
 * then hostile; a hostile mix also leaves properties out.
 */
function valueOf(
  name: string,
  schema: Schema | undefined,
  ids: number[],
  depth: number,
  mixHostile: boolean
): fc.Arbitrary<unknown> {
  const plausible = (): fc.Arbitrary<unknown> => {
    if (!schema || depth > 4) return fc.constantFrom<unknown>(...PLAUSIBLE_STRINGS, ...ids)
    if (schema.enum) return fc.constantFrom<unknown>(...schema.enum)
    if (schema.const !== undefined) return fc.constant(schema.const)
    if (schema.oneOf)
      return fc.oneof(
        ...schema.oneOf.map((option: Schema) => valueOf(name, option, ids, depth + 1, mixHostile))
      )
    const type = [schema.type].flat()[0]
    if (type === 'integer' || type === 'number') {
      return /id$/i.test(name)
        ? fc.constantFrom<unknown>(...ids)
        : fc.oneof(fc.integer({ min: -2, max: 120 }), fc.constantFrom<unknown>(...ids))
    }
    if (type === 'boolean') return fc.boolean()
    if (type === 'array')
      return fc.array(valueOf(name, schema.items, ids, depth + 1, mixHostile), {
        minLength: mixHostile ? 0 : 1,
        maxLength: 3,
      })
    if (type === 'object') return objectOf(schema, ids, depth + 1, mixHostile)
    return /ids?$/i.test(name)
      ? fc.constantFrom<unknown>(...ids.map(String))
      : fc.constantFrom<unknown>(...PLAUSIBLE_STRINGS)
  }
  if (!mixHostile) return plausible()
  return fc.oneof({ weight: 2, arbitrary: plausible() }, { weight: 1, arbitrary: hostile })
}

function objectOf(
  schema: Schema,
  ids: number[],
  depth: number,
  mixHostile: boolean
): fc.Arbitrary<unknown> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
  if (!properties.length)
    return fc.dictionary(
      fc.constantFrom(...FIELD_NAMES),
      mixHostile ? hostile : fc.constantFrom<unknown>(...PLAUSIBLE_STRINGS),
      { maxKeys: 4 }
    )
  const model = Object.fromEntries(
    properties.map(([name, property]) => [name, valueOf(name, property, ids, depth, mixHostile)])
  )
  return mixHostile ? fc.record(model, { requiredKeys: [] }) : fc.record(model)
}

type Leaf = { path: string[]; schema?: Schema }

/** The schema's leaves with their dotted paths (an array's first item stands for all). */
function leavesOf(schema: Schema | undefined, path: string[] = [], depth = 0): Leaf[] {
  if (!schema || depth > 5) return [{ path, schema }]
  const type = [schema.type].flat()[0]
  if (type === 'object' && schema.properties) {
    return Object.entries(schema.properties as Record<string, Schema>).flatMap(([name, property]) =>
      leavesOf(property, [...path, name], depth + 1)
    )
  }
  if (type === 'array' && schema.items)
    return [{ path, schema }, ...leavesOf(schema.items, [...path, '0'], depth + 1)]
  return [{ path, schema }]
}

function withValueAt(body: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value
  const [head, ...rest] = path
  const container: any = Array.isArray(body)
    ? [...body]
    : body && typeof body === 'object'
      ? { ...body }
      : /^\d+$/.test(head)
        ? []
        : {}
  container[head] = withValueAt(container[head], rest, value)
  return container
}

/**
 * A plausible body with one leaf replaced by a hostile value: it passes the other checks and reaches the one
 * for that field.
 */
function oneHostileLeaf(schema: Schema, ids: number[]) {
  return fc
    .record({
      body: objectOf(schema, ids, 0, false),
      leaf: fc.constantFrom(...leavesOf(schema)),
      value: hostile,
    })
    .map(({ body, leaf, value }) => withValueAt(body, leaf.path, value))
}

const leafType = (leaf: Leaf) => (leaf.schema?.enum ? 'enum' : [leaf.schema?.type].flat()[0])

/**
 * A plausible body whose every free-text leaf holds the same hostile text,
 * or whose every number holds the same hostile number: one request tries a
 * kind of bad value on all the route's fields at once, so a field that lets
 * it through to the database is found in a few cases, not by luck.
 */
function poisonedBody(schema: Schema, ids: number[]) {
  const leaves = leavesOf(schema)
  const texts = leaves.filter((leaf) => leafType(leaf) === 'string')
  const numbers = leaves.filter((leaf) => ['integer', 'number'].includes(leafType(leaf)))
  const poison = fc.oneof(
    hostileText.map((value) => ({ leaves: texts, value })),
    fc.constantFrom(...HOSTILE_NUMBERS).map((value) => ({ leaves: numbers, value }))
  )
  return fc
    .record({ body: objectOf(schema, ids, 0, false), poison })
    .map(({ body, poison: { leaves: targets, value } }) =>
      targets.reduce((poisoned, leaf) => withValueAt(poisoned, leaf.path, value), body)
    )
}

/* the web forms have no schema here: every field name the API knows, all holding the same hostile value */
const poisonedForm = fc
  .oneof(hostileText as fc.Arbitrary<unknown>, fc.constantFrom<unknown>(...HOSTILE_NUMBERS))
  .map((value) => ({
    ...Object.fromEntries(FIELD_NAMES.map((name) => [name, value])),
    fields: { Front: value, Back: value, Text: value },
  }))

const RAW_BODIES = [
  'null',
  '"text"',
  '42',
  'true',
  '[1, 2]',
  '[]',
  '{',
  '{"a":',
  '',
  '\u0000',
  '<?xml version="1.0"?><deck><name>x</name></deck>',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
]

function multipart(fields: fc.Arbitrary<Record<string, unknown>>) {
  return fc
    .record({
      fields,
      fileField: fc.constantFrom('file', 'image', 'avatar', 'attachment', 'upload'),
      fileName: fc.oneof(
        fc.constantFrom(
          'deck.apkg',
          'cards.csv',
          'a\u0000b.png',
          'x\ud800.txt',
          '../../etc/passwd',
          '',
          'ü.mp3',
          'a'.repeat(300) + '.jpg'
        ),
        fc.string({ maxLength: 12 })
      ),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 64 }),
        fc.constantFrom(
          Buffer.from('front,back\nhola,hello\n'),
          Buffer.from('\x89PNG\r\n\x1a\n'),
          Buffer.from('PK\x03\x04')
        )
      ),
      type: fc.constantFrom('application/octet-stream', 'image/png', 'text/csv', 'audio/mpeg', ''),
    })
    .map(({ fields: values, fileField, fileName, bytes, type }) => {
      const form = new FormData()
      for (const [name, value] of Object.entries(values))
        form.append(name, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
      form.append(fileField, new Blob([new Uint8Array(bytes)], { type }), fileName)
      return { payload: form }
    })
}

function bodyOf(route: FuzzRoute, ids: number[]): fc.Arbitrary<FuzzCase['body']> {
  const anyObject = fc.dictionary(
    fc.constantFrom(...FIELD_NAMES),
    valueOf('', undefined, ids, 0, true),
    { maxKeys: 5 }
  )
  const schema = route.bodySchema
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((body) => ({
      contentType: 'application/json',
      payload: JSON.stringify(body) ?? 'null',
    }))
  return fc.oneof(
    /* most cases are near-valid bodies, which reach the checks behind the validator */
    { weight: 5, arbitrary: json(schema ? poisonedBody(schema, ids) : poisonedForm) },
    { weight: 3, arbitrary: json(schema ? oneHostileLeaf(schema, ids) : anyObject) },
    { weight: 1, arbitrary: json(schema ? objectOf(schema, ids, 0, true) : anyObject) },
    { weight: 1, arbitrary: json(anyObject) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...RAW_BODIES)
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/xml', 'text/plain', 'application/x-www-form-urlencoded')
        .map((contentType) => ({ contentType, payload: '<a>1</a>&x[y]=%00&deck_id=1.5' })),
    },
    {
      weight: 2,
      arbitrary: multipart(
        fc.dictionary(
          fc.constantFrom(...FIELD_NAMES),
          fc.oneof(
            fc.constantFrom<unknown>(...HOSTILE_STRINGS),
            fc.constantFrom<unknown>(...ids.map(String))
          ),
          { maxKeys: 3 }
        )
      ),
    },
    { weight: 1, arbitrary: fc.constant({}) }
  )
}

const BAD_IDS = [
  '0',
  '-1',
  '1.5',
  '1e20',
  'Infinity',
  'NaN',
  '99999999999',
  '2147483648',
  'abc',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  'null',
  '%20',
  '1%20',
  '9'.repeat(400),
  '0x1F',
  '+1',
  '1,2',
]

function paramOf(name: string, ids: FuzzIds): fc.Arbitrary<string> {
  const real = /id$/i.test(name)
    ? ids.ids.map(String)
    : name === 'key'
      ? ids.keys
      : name === 'provider'
        ? ['google', 'apple', 'email']
        : ids.tokens
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real) },
    { weight: 3, arbitrary: fc.constantFrom(...BAD_IDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 16 }).map((text) => encodeURIComponent(text)) }
  )
}

const queryValue = fc.oneof(
  fc.constantFrom(...BAD_IDS),
  fc.constantFrom(
    ...HOSTILE_STRINGS.filter((text) => !/[\ud800-\udfff]/.test(text)).map((text) =>
      encodeURIComponent(text.slice(0, 300))
    )
  ),
  fc.integer().map(String),
  fc.constant('')
)
const queryString = fc
  .array(
    fc.tuple(
      fc
        .constantFrom(...QUERY_NAMES)
        .chain((name) => fc.constantFrom(name, `${name}[]`, `${name}[x]`)),
      queryValue
    ),
    { maxLength: 4 }
  )
  .map((pairs) =>
    pairs.length ? '?' + pairs.map(([name, value]) => `${name}=${value}`).join('&') : ''
  )

export function caseOf(route: FuzzRoute, ids: FuzzIds): fc.Arbitrary<FuzzCase> {
  const path = fc.record(Object.fromEntries(route.params.map((name) => [name, paramOf(name, ids)])))
  const hasBody = route.method !== 'GET'
  return fc.record({
    path,
    query: queryString,
    body: hasBody ? bodyOf(route, ids.ids) : fc.constant({}),
    accept: route.api
      ? fc.constantFrom('application/json', '*/*', 'text/html')
      : fc.constantFrom('text/html', 'application/json', '*/*'),
    inertia: route.api ? fc.constant(false) : fc.boolean(),
  })
}

export function urlOf(route: FuzzRoute, fuzzCase: FuzzCase) {
  const path = route.pattern
    .replace(/:(\w+)\??/g, (_, name: string) => fuzzCase.path[name])
    .replace('*', 'no/such/thing')
  return path + fuzzCase.query
}
