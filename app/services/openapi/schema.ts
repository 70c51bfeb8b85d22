/* Small builders for the OpenAPI document. */
export type Schema = Record<string, unknown>

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const obj = (properties: Record<string, Schema>, required: string[] = []) => ({ type: 'object', properties, required })
export const str = (extra: Schema = {}) => ({ type: 'string', ...extra })
export const json = (schema: Schema) => ({ content: { 'application/json': { schema } } })
export const error = (description: string) => ({ description, ...json(ref('Error')) })

/* every 422 carries errors [{field, rule, message}]: the validator's and the business rules' alike */
export const unprocessable = (description: string) => ({ description, ...json(ref('ValidationError')) })

export const int = { type: 'integer' }
export const num = { type: 'number' }
export const bool = { type: 'boolean' }
export const listOf = (items: Schema) => ({ type: 'array', items })
/** An object used as a map: any key, each value of `values`. */
export const mapOf = (values: Schema) => ({ type: 'object', additionalProperties: values })
/** An object whose keys are not fixed by the API (the apps' onboarding answers). */
export const freeForm = (description: string) => ({ type: 'object', additionalProperties: true, description })
/** The value, or null. */
export function nullable(schema: Schema): Schema {
  if (!schema.type || schema.$ref) return { oneOf: [schema, { type: 'null' }] }
  return {
    ...schema,
    type: [schema.type, 'null'].flat(),
    ...(Array.isArray(schema.enum) ? { enum: [...(schema.enum as unknown[]), null] } : {}),
  }
}
/** An entity of the API: every property is always in the answer, but the `optional` ones. */
export const entity = (properties: Record<string, Schema>, optional: string[] = []) =>
  obj(properties, Object.keys(properties).filter((key) => !optional.includes(key)))

export const errors = {
  '401': error('Missing, bad or expired token'),
  '422': unprocessable('Validation failed'),
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

