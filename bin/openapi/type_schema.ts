/*
 * TypeScript types to JSON Schema (2020-12, as OpenAPI 3.1 uses it), read
 * with the compiler's own type checker: a reply type may be inferred
 * (`ReturnType<typeof DeckTransformer.show>`), an intersection, a mapped or
 * a generic type; the checker resolves it the way tsc does. What a type says
 * is what JSON.stringify makes of it: methods vanish, a value with toJSON is
 * what toJSON returns, Date and luxon's DateTime are ISO strings, an
 * `undefined` property is an absent one. Objects are closed
 * (`additionalProperties: false`) unless they have an index signature, so a
 * reply carrying a field its type does not name fails the conformance check.
 */
import ts from 'typescript'

export type Schema = Record<string, unknown>

const DATE_TYPES = new Set(['Date', 'DateTime'])

/** Turns types into schemas; a type among `named` becomes a `$ref` to it (recursive types need a name). */
export class TypeSchemas {
  private stack: ts.Type[] = []

  constructor(
    private checker: ts.TypeChecker,
    private named: Map<ts.Type, string>
  ) {}

  /** The schema of a named type itself (its own name is not a $ref at its root). */
  define(type: ts.Type, name: string): Schema {
    return this.convert(type, name)
  }

  private ref(type: ts.Type, where: string): Schema {
    const name = this.named.get(type)
    if (name) return { $ref: `#/components/schemas/${name}` }
    return this.convert(type, where)
  }

  private convert(type: ts.Type, where: string): Schema {
    if (this.stack.includes(type)) {
      throw new Error(
        `${where}: ${this.checker.typeToString(type)} refers to itself; name it in ReplyTypes so it becomes a $ref`
      )
    }
    this.stack.push(type)
    try {
      return this.convertNew(type, where)
    } finally {
      this.stack.pop()
    }
  }

  private convertNew(type: ts.Type, where: string): Schema {
    const flags = type.flags
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {}
    if (flags & ts.TypeFlags.StringLiteral)
      return { type: 'string', enum: [(type as ts.StringLiteralType).value] }
    if (flags & ts.TypeFlags.NumberLiteral)
      return { type: 'number', enum: [(type as ts.NumberLiteralType).value] }
    if (flags & ts.TypeFlags.BooleanLiteral)
      return { type: 'boolean', enum: [type === this.checker.getTrueType()] }
    if (flags & ts.TypeFlags.StringLike) return { type: 'string' }
    if (flags & ts.TypeFlags.NumberLike) return { type: 'number' }
    if (flags & ts.TypeFlags.BooleanLike) return { type: 'boolean' }
    if (flags & ts.TypeFlags.Null) return { type: 'null' }
    if (type.isUnion()) return this.union(type.types, where)
    if (flags & ts.TypeFlags.Object || type.isIntersection()) return this.object(type, where)
    throw new Error(`${where}: ${this.checker.typeToString(type)} has no JSON form`)
  }

  private union(members: readonly ts.Type[], where: string): Schema {
    if (this.isAnyJson(members)) return { description: 'any JSON value' }
    const present = members.filter(
      (member) =>
        !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never))
    )
    const booleans = present.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral)
    const rest = present.filter((member) => !(member.flags & ts.TypeFlags.BooleanLiteral))
    const parts: Schema[] = []
    if (booleans.length === 2) parts.push({ type: 'boolean' })
    else if (booleans.length === 1) parts.push(this.ref(booleans[0], where))
    for (const member of rest) parts.push(this.ref(member, where))
    return mergeAlternatives(parts)
  }

  /*
   * `string | number | boolean | null | T[] | { [key: string]: T }`: any JSON
   * value, written as {} (generators cannot follow a union that holds itself)
   */
  private isAnyJson(members: readonly ts.Type[]) {
    const has = (flag: ts.TypeFlags) => members.some((member) => member.flags & flag)
    const arrays = members.some((member) => this.checker.isArrayType(member))
    const maps = members.some(
      (member) =>
        !this.checker.isArrayType(member) &&
        member.flags & ts.TypeFlags.Object &&
        this.checker.getIndexInfosOfType(member).length
    )
    return (
      has(ts.TypeFlags.StringLike) &&
      has(ts.TypeFlags.NumberLike) &&
      has(ts.TypeFlags.BooleanLike) &&
      has(ts.TypeFlags.Null) &&
      arrays &&
      maps
    )
  }

  private object(type: ts.Type, where: string): Schema {
    const symbol = type.getSymbol() ?? type.aliasSymbol
    if (symbol && DATE_TYPES.has(symbol.getName())) return { type: 'string', format: 'date-time' }
    const toJson = type.getProperty('toJSON')
    if (toJson) {
      const signature = this.checker.getTypeOfSymbol(toJson).getCallSignatures()[0]
      if (signature) return this.ref(signature.getReturnType(), `${where}.toJSON()`)
    }
    if (this.checker.isArrayType(type)) {
      const [item] = this.checker.getTypeArguments(type as ts.TypeReference)
      /* `[]` as a constant: always empty */
      if (item.flags & ts.TypeFlags.Never) return { type: 'array', maxItems: 0 }
      return { type: 'array', items: this.ref(item, `${where}[]`) }
    }
    if (this.checker.isTupleType(type)) {
      const items = this.checker
        .getTypeArguments(type as ts.TypeReference)
        .map((item, index) => this.ref(item, `${where}[${index}]`))
      return {
        type: 'array',
        items: mergeAlternatives(items),
        minItems: items.length,
        maxItems: items.length,
      }
    }
    if (type.getCallSignatures().length) throw new Error(`${where}: a function has no JSON form`)
    return this.properties(type, where)
  }

  private properties(type: ts.Type, where: string): Schema {
    const properties: Record<string, Schema> = {}
    const required: string[] = []
    for (const property of this.checker.getPropertiesOfType(type)) {
      const name = property.getName()
      const propertyType = this.checker.getTypeOfSymbol(property)
      if (propertyType.getCallSignatures().length && !propertyType.isUnion()) continue
      if (propertyType.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never)) continue
      const schema = integerByName(name, this.ref(propertyType, `${where}.${name}`))
      const description = ts
        .displayPartsToString(property.getDocumentationComment(this.checker))
        .trim()
      properties[name] = description ? withDescription(schema, description) : schema
      const optional =
        property.flags & ts.SymbolFlags.Optional ||
        (propertyType.isUnion() &&
          propertyType.types.some((member) => member.flags & ts.TypeFlags.Undefined))
      if (!optional) required.push(name)
    }
    const index = this.checker.getIndexInfosOfType(type)[0]
    const additionalProperties = index ? this.ref(index.type, `${where}[key]`) : false
    return {
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      additionalProperties,
    }
  }
}

/*
 * TypeScript has one number type; a JSON Schema has integer too, which the
 * apps' generators turn into Int, not Double. Ids and counts are integers by
 * their names (`id`, `deckId`, `noteIds`, `totalCardsCount`, `total`); the
 * conformance check of every answer in the tests holds them to it.
 */
const INTEGER_NAMES =
  /^(id|ids|total|count|offset|limit|position|version)$|(Id|Ids|Count|_id|_ids|_count)$/

function integerByName(name: string, schema: Schema): Schema {
  if (!INTEGER_NAMES.test(name)) return schema
  const integer = (part: unknown) => (part === 'number' ? 'integer' : part)
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object')
    return { ...schema, items: integerByName('id', schema.items as Schema) }
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.map(integer) }
  if (schema.type === 'number') return { ...schema, type: 'integer' }
  return schema
}

function withDescription(schema: Schema, description: string): Schema {
  /* beside a $ref, 3.1 allows a description; an allOf would make generators invent a type */
  return { ...schema, description }
}

const isSimple = (schema: Schema) =>
  typeof schema.type === 'string' &&
  Object.keys(schema).every((key) => key === 'type' || key === 'enum' || key === 'format')

/** One schema for the alternatives: literals of one type become one enum, `T | null` stays one schema when it can. */
function mergeAlternatives(parts: Schema[]): Schema {
  const merged: Schema[] = []
  for (const part of parts) {
    const same = merged.find(
      (other) =>
        isSimple(other) &&
        isSimple(part) &&
        other.type === part.type &&
        other.format === part.format
    )
    if (!same) merged.push({ ...part })
    else if (!same.enum || !part.enum) delete same.enum
    else same.enum = [...new Set([...(same.enum as unknown[]), ...(part.enum as unknown[])])]
  }
  if (merged.length === 1) return merged[0]
  const nullIndex = merged.findIndex(
    (part) => part.type === 'null' && Object.keys(part).length === 1
  )
  const others = merged.filter((_, index) => index !== nullIndex)
  if (nullIndex >= 0 && others.length === 1 && isSimple(others[0])) {
    const [other] = others
    return {
      ...other,
      type: [other.type, 'null'],
      ...(other.enum ? { enum: [...(other.enum as unknown[]), null] } : {}),
    }
  }
  if (merged.every((part) => isSimple(part) && !part.enum && !part.format))
    return { type: merged.map((part) => part.type) }
  return { anyOf: merged }
}
