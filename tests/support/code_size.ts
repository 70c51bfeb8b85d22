/*
 * The size rules of the code base: no file in app/ or inertia/ over 400
 * lines, no function over 150, except those tests/unit/code_size_exceptions.json
 * names with the reason. (The limits were 300 and 80 before Prettier wrapped
 * the code at 100 columns: the same code takes about a third more lines, and
 * a React component's JSX, one attribute a line, up to twice as many.)
 * Measured with the TypeScript parser, so a function is what the language
 * calls one (declarations, methods, arrow functions, function expressions).
 */
import ts from 'typescript'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

export const MAX_FILE_LINES = 400
export const MAX_FUNCTION_LINES = 150

export type Measure = {
  file: string
  lines: number
  functions: { name: string; line: number; lines: number }[]
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node }
  if (named.name) return named.name.getText(source)
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source)
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source)
  if (parent && ts.isCallExpression(parent))
    return `${parent.expression.getText(source).slice(0, 40)}(…) callback`
  return '(anonymous)'
}

export async function measure(root: string, folders: string[]): Promise<Measure[]> {
  const results: Measure[] = []
  for (const folder of folders) {
    const files = (await readdir(join(root, folder), { recursive: true })).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts')
    )
    for (const file of files.sort()) {
      const path = join(root, folder, file)
      const text = await readFile(path, 'utf8')
      const source = ts.createSourceFile(
        path,
        text,
        ts.ScriptTarget.Latest,
        true,
        file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
      )
      const functions: Measure['functions'] = []
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
          functions.push({ name: nameOf(node, source), line: start + 1, lines: end - start + 1 })
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
      results.push({
        file: relative(root, path),
        lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
        functions,
      })
    }
  }
  return results
}
