/*
 * The request side of the OpenAPI document, from the VineJS validators the
 * doors validate with (`validator.toJSONSchema()`), made into what a client
 * generator reads well: a boolean is `boolean` (VineJS lists every spelling
 * it accepts: "1", "on", …), an optional union is an optional property (VineJS
 * writes it as an `{}` branch of its anyOf and keeps it required), a date is
 * a string, empty `required` lists go.
 */
import { VineDate } from '@vinejs/vine'

export type Schema = Record<string, any>

/*
 * VineJS 4.4 gives vine.date() no JSON Schema ({}; with .nullable(), only
 * {type: 'null'}): it is a string, a calendar date with the format the
 * validators use. Set before any validator's schema is asked for (they cache it).
 */
const dateSchema = VineDate.prototype.toJSONSchema
VineDate.prototype.toJSONSchema = function (this: VineDate) {
  const formats = (this as unknown as { dataTypeValidator?: { options?: { formats?: unknown } } })
    .dataTypeValidator?.options?.formats
  const isDay = Array.isArray(formats) && formats.length === 1 && formats[0] === 'YYYY-MM-DD'
  return { type: 'string', ...(isDay ? { format: 'date' } : {}), ...dateSchema.call(this) }
}

const isEmpty = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0

/* vine.boolean(): the enum of what it accepts, true and false among them */
function isVineBoolean(schema: Schema) {
  return (
    Array.isArray(schema.enum) &&
    schema.enum.includes(true) &&
    schema.enum.includes(false) &&
    schema.enum.includes('on')
  )
}

/** The validator's schema, cleaned for the document; `optional` tells the caller the value may be left out. */
function cleanSchema(input: Schema): { schema: Schema; optional: boolean } {
  let schema: Schema = { ...input }
  let optional = false
  if (isVineBoolean(schema)) {
    const { enum: _enum, ...rest } = schema
    schema = { ...rest, type: schema.enum.includes(null) ? ['boolean', 'null'] : 'boolean' }
  }
  if (Array.isArray(schema.anyOf)) {
    optional = schema.anyOf.some(isEmpty)
    const branches = schema.anyOf
      .filter((branch: Schema) => !isEmpty(branch))
      .map((branch: Schema) => cleanSchema(branch).schema)
    const { anyOf: _anyOf, ...rest } = schema
    schema = branches.length === 1 ? { ...rest, ...branches[0] } : { ...rest, anyOf: branches }
  }
  if (schema.properties) schema = { ...schema, ...cleanProperties(schema) }
  if (schema.items && typeof schema.items === 'object')
    schema.items = cleanSchema(schema.items).schema
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    schema.additionalProperties = cleanSchema(schema.additionalProperties).schema
  }
  return { schema, optional }
}

function cleanProperties(schema: Schema) {
  const properties: Record<string, Schema> = {}
  const required = new Set<string>(schema.required ?? [])
  for (const [name, property] of Object.entries<Schema>(schema.properties)) {
    const cleaned = cleanSchema(property)
    properties[name] = cleaned.schema
    if (cleaned.optional) required.delete(name)
  }
  return { properties, required: required.size ? [...required] : undefined }
}

type Source = { toJSONSchema(): unknown } | Schema
const schemaOf = (source: Source): Schema =>
  (typeof source.toJSONSchema === 'function' ? source.toJSONSchema() : source) as Schema

/** A validator's body schema; in a multipart body, a file field (`{}` to VineJS) is binary. */
export function bodySchema(validator: Source, multipart = false): Schema {
  const { schema } = cleanSchema(schemaOf(validator))
  if (!multipart || !schema.properties) return withoutUndefined(schema)
  const properties = Object.fromEntries(
    Object.entries<Schema>(schema.properties).map(([name, property]) => [
      name,
      isEmpty(property) ? { type: 'string', format: 'binary' } : property,
    ])
  )
  return withoutUndefined({ ...schema, properties })
}

/* JSON has no undefined: a `required: undefined` left by cleanProperties goes */
const withoutUndefined = (schema: Schema): Schema => JSON.parse(JSON.stringify(schema))

/** Each top-level field of a query validator as a query parameter (objects as deepObject). */
export function queryParameters(validator: Source, pathParams: string[]) {
  const schema = bodySchema(validator)
  const required = new Set<string>(schema.required ?? [])
  return Object.entries<Schema>(schema.properties ?? {})
    .filter(([name]) => !pathParams.includes(name))
    .map(([name, property]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema: property,
      ...(property.type === 'object' ? { style: 'deepObject', explode: true } : {}),
    }))
}
