/*
 * Checks a real JSON answer against the OpenAPI document's schema for it,
 * so the document cannot drift from what the server sends. Stricter than
 * JSON Schema on purpose: an object's every key must be described (named in
 * `properties`, or allowed by `additionalProperties`), since the point is
 * that the document lists every field the clients receive.
 */
type Schema = Record<string, any>

export type OpenApiDocument = {
  components: { schemas: Record<string, Schema> }
  paths: Record<string, Record<string, any>>
}

/** The schema of a documented answer: `path` as the document writes it (`/decks/{id}`). */
export function responseSchema(
  document: OpenApiDocument,
  method: string,
  path: string,
  status: number
): Schema {
  const operation = document.paths[path]?.[method.toLowerCase()]
  if (!operation) throw new Error(`${method} ${path} is not in the document`)
  const response = operation.responses?.[String(status)]
  if (!response) throw new Error(`${method} ${path} documents no ${status} answer`)
  const schema = response.content?.['application/json']?.schema
  if (!schema) throw new Error(`${method} ${path} documents no JSON body for ${status}`)
  return schema
}

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  let current = schema
  for (let depth = 0; current?.$ref; depth++) {
    if (depth > 20) throw new Error(`a $ref loop at ${schema.$ref}`)
    const name = String(current.$ref).replace('#/components/schemas/', '')
    current = document.components.schemas[name]
    if (!current) throw new Error(`${schema.$ref} is not in components.schemas`)
  }
  return current
}

const typeOf = (value: unknown) => {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function typeMatches(expected: string, value: unknown) {
  const actual = typeOf(value)
  return expected === actual || (expected === 'number' && actual === 'integer')
}

/** Every way `value` (at `path`) differs from `schema`; empty when it conforms. */
export function conformanceProblems(
  document: OpenApiDocument,
  schema: Schema,
  value: unknown,
  path = '$'
): string[] {
  const resolved = resolve(document, schema)
  const alternatives = resolved.oneOf ?? resolved.anyOf
  if (alternatives) {
    const results = alternatives.map((branch: Schema) =>
      conformanceProblems(document, branch, value, path)
    )
    if (results.some((problems: string[]) => problems.length === 0)) return []
    return results.reduce((best: string[], problems: string[]) =>
      problems.length < best.length ? problems : best
    )
  }
  if (resolved.allOf)
    return resolved.allOf.flatMap((part: Schema) =>
      conformanceProblems(document, part, value, path)
    )

  const types: string[] | undefined = resolved.type
    ? [resolved.type].flat()
    : resolved.properties
      ? ['object']
      : undefined
  if (types && !types.some((type) => typeMatches(type, value))) {
    return [
      `${path}: ${JSON.stringify(value)?.slice(0, 80)} is ${typeOf(value)}, the document says ${types.join(' or ')}`,
    ]
  }
  if ('const' in resolved && value !== resolved.const)
    return [`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(resolved.const)}`]
  if (resolved.enum && !resolved.enum.includes(value))
    return [`${path}: ${JSON.stringify(value)} is none of ${JSON.stringify(resolved.enum)}`]

  if (typeOf(value) === 'array') {
    if (!resolved.items)
      return (value as unknown[]).length
        ? [`${path}: an array whose items the document does not describe`]
        : []
    return (value as unknown[]).flatMap((item, index) =>
      conformanceProblems(document, resolved.items, item, `${path}[${index}]`)
    )
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>
    const properties: Record<string, Schema> = resolved.properties ?? {}
    const problems: string[] = []
    for (const key of resolved.required ?? [])
      if (!(key in object))
        problems.push(`${path}.${key}: required by the document, missing from the answer`)
    for (const [key, item] of Object.entries(object)) {
      if (properties[key])
        problems.push(...conformanceProblems(document, properties[key], item, `${path}.${key}`))
      else if (resolved.additionalProperties && resolved.additionalProperties !== true) {
        problems.push(
          ...conformanceProblems(document, resolved.additionalProperties, item, `${path}.${key}`)
        )
      } else if (resolved.additionalProperties !== true)
        problems.push(`${path}.${key}: in the answer, not in the document`)
    }
    return problems
  }
  return []
}
