/*
 * The reply schemas of the OpenAPI document, generated from the TypeScript
 * types that bin/openapi/reply_types.ts names (the transformers'
 * output types). `npm run openapi` writes them to
 * resources/openapi/replies.json; a unit test fails when that file differs
 * from what the types say now.
 */
import ts from 'typescript'
import { join } from 'node:path'
import { TypeSchemas, type Schema } from './type_schema.js'

const REGISTRY = 'bin/openapi/reply_types.ts'
export const OUTPUT = 'resources/openapi/replies.json'

function program(root: string) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    }
  )
  if (!parsed) throw new Error('tsconfig.json could not be read')
  return ts.createProgram({
    rootNames: [join(root, REGISTRY)],
    options: { ...parsed.options, noEmit: true },
  })
}

/** Every type ReplyTypes names, as a JSON Schema keyed by its name there, sorted by name. */
function replySchemas(root: string): Record<string, Schema> {
  const built = program(root)
  const checker = built.getTypeChecker()
  const source = built.getSourceFile(join(root, REGISTRY))
  const module = source && checker.getSymbolAtLocation(source)
  const registry =
    module && checker.getExportsOfModule(module).find((symbol) => symbol.getName() === 'ReplyTypes')
  if (!registry) throw new Error(`${REGISTRY} exports no ReplyTypes`)
  const entries = checker
    .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(registry))
    .map((property) => ({
      name: property.getName(),
      type: checker.getTypeOfSymbol(property),
    }))
  const named = new Map<ts.Type, string>()
  for (const { name, type } of entries) {
    if (!(type.flags & ts.TypeFlags.Object) && !type.isIntersection() && !type.isUnion())
      throw new Error(`ReplyTypes.${name}: only object types are named`)
    const other = named.get(type)
    if (other)
      throw new Error(`ReplyTypes.${name} is the same type as ReplyTypes.${other}: name it once`)
    named.set(type, name)
  }
  const schemas = new TypeSchemas(checker, named)
  const sorted = [...entries].sort((a, b) => a.name.localeCompare(b.name))
  return Object.fromEntries(sorted.map(({ name, type }) => [name, schemas.define(type, name)]))
}

/** The file's text: one stable form, so the staleness test can compare it as text. */
export const replySchemasText = (root: string) => `${JSON.stringify(replySchemas(root), null, 2)}\n`
