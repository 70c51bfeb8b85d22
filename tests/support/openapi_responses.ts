/*
 * Every answer of /api that a functional test receives through the API
 * client is checked against /api/openapi.json (tests/bootstrap.ts): its status
 * must be documented for its operation, and its body must validate (ajv,
 * JSON Schema 2020-12 as OpenAPI 3.1 writes it) against the schema of that
 * operation and status. A drift fails the test whose request it was, naming
 * the operation, the status and each difference.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { ApiResponse } from '@japa/api-client'

type Schema = Record<string, any>
type Document = {
  paths: Record<string, Record<string, Schema>>
  components: { schemas: Record<string, Schema> }
}

/**
 * The document's path templates as patterns, literal segments before parameters (`/decks/polling` before
 * `/decks/{id}`).
 */
function pathMatchers(document: Document) {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params)
}

export class OpenApiResponses {
  private ajv = new Ajv2020({ strict: false, allErrors: true })
  private validators = new Map<string, ValidateFunction>()
  private matchers: ReturnType<typeof pathMatchers>

  constructor(private document: Document) {
    addFormats.default(this.ajv)
    this.ajv.addFormat('binary', true)
    this.ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi')
    this.matchers = pathMatchers(document)
  }

  /**
   * The documented operation of a request, or null when /api answers it with its catch-all (an unknown path or
   * method).
   */
  operationOf(method: string, url: string) {
    const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '')
    const match = this.matchers.find((matcher) => matcher.pattern.test(path))
    const operation = match && this.document.paths[match.template][method.toLowerCase()]
    return operation ? { template: match.template, operation } : null
  }

  /** Every way the answer differs from the document; empty when it conforms. */
  problems(
    method: string,
    url: string,
    status: number,
    contentType: string,
    body: unknown
  ): string[] {
    const found = this.operationOf(method, url)
    if (!found) return []
    const where = `${method.toUpperCase()} ${found.template} ${status}`
    const response = found.operation.responses?.[String(status)]
    if (!response) return [`${where}: the document lists no ${status} for this operation`]
    const content: Record<string, Schema> = response.content ?? {}
    const media = contentType.split(';')[0].trim()
    if (!Object.keys(content).length)
      return body === undefined || body === '' || isEmptyObject(body)
        ? []
        : [`${where}: a body the document says it has not`]
    if (!content[media])
      return [
        `${where}: ${media || 'no content type'}, the document says ${Object.keys(content).join(' or ')}`,
      ]
    if (media !== 'application/json') return []
    const validate = this.validator(found.template, method, status)
    if (validate(body)) return []
    return [
      ...new Set(
        (validate.errors ?? []).map(
          (error) =>
            `${where}: ${error.instancePath || '(the body)'} ${error.message} ${describe(error.params)}`
        )
      ),
    ]
  }

  private validator(template: string, method: string, status: number) {
    const key = `${method} ${template} ${status}`
    let validate = this.validators.get(key)
    if (!validate) {
      const pointer = [
        'paths',
        template,
        method.toLowerCase(),
        'responses',
        String(status),
        'content',
        'application/json',
        'schema',
      ]
        .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/')
      const schema = jsonAt(this.document, pointer)
      validate = this.ajv.compile(rebase(schema))
      this.validators.set(key, validate)
    }
    return validate
  }

  /** The check of one answer of the API client. */
  check(response: ApiResponse) {
    const { method, endpoint, baseUrl } = response.request.config
    const url = new URL(endpoint, baseUrl ?? 'http://localhost').toString()
    if (!new URL(url).pathname.startsWith('/api/')) return []
    const json = response.type().includes('json')
    return this.problems(
      method,
      url,
      response.status(),
      response.type(),
      json ? response.body() : response.text()
    )
  }
}

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Object.keys(value).length
const describe = (params: Record<string, unknown>) =>
  Object.keys(params).length ? JSON.stringify(params) : ''

function jsonAt(document: Document, pointer: string): Schema {
  return pointer
    .split('/')
    .reduce(
      (node: any, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
      document
    ) as Schema
}

/* the schema's `#/components/…` refs point into the document, registered as `openapi` */
function rebase(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(rebase)
  if (!schema || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `openapi${value}`
        : rebase(value),
    ])
  )
}
