/* Small builders for the OpenAPI document. */
export type Schema = Record<string, unknown>

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const obj = (properties: Record<string, Schema>, required: string[] = []) => ({ type: 'object', properties, required })
export const str = (extra: Schema = {}) => ({ type: 'string', ...extra })
export const json = (schema: Schema) => ({ content: { 'application/json': { schema } } })
export const error = (description: string) => ({ description, ...json(ref('Error')) })

export const errors = {
  '401': error('Missing, bad or expired token'),
  '422': { description: 'Validation failed', ...json(ref('ValidationError')) },
  '429': { ...error('Too many requests'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
}

export function op(summary: string, options: { body?: Schema; auth?: boolean; ok: [number, Schema | null]; extra?: Record<string, unknown>; params?: string[] }) {
  const [status, schema] = options.ok
  return {
    summary,
    ...(options.auth ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(options.params
      ? { parameters: options.params.map((name) => ({ name, in: 'path', required: true, schema: str() })) }
      : {}),
    ...(options.body ? { requestBody: { required: true, ...json(options.body) } } : {}),
    responses: {
      [status]: schema ? { description: 'Success', ...json(schema) } : { description: 'Success, no body' },
      ...(options.body ? { '422': errors['422'] } : {}),
      ...(options.auth ? { '401': errors['401'] } : {}),
      ...options.extra,
    },
  }
}

