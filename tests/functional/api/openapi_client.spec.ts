import { test } from '@japa/runner'
import ts from 'typescript'
import openapiTS, { astToString } from 'openapi-typescript'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import app from '@adonisjs/core/services/app'
import { resetState } from '#tests/support/helpers'
import { pngBytes } from '#tests/support/content'
import { OpenApiResponses } from '#tests/support/openapi_responses'

/*
 * The document feeds a real client generator: openapi-typescript writes the
 * types from the served /api/openapi.json, tsc compiles a small openapi-fetch
 * client with them (tests/openapi_client/walk.ts), and the client walks
 * sign-up, decks, notes, study, sharing and export against this server, every
 * answer checked against the document.
 */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
  skipLibCheck: true,
}

function compile(file: string) {
  const program = ts.createProgram([file], COMPILER_OPTIONS)
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
        : null
    const place = where ? `${diagnostic.file!.fileName.split('/').pop()}:${where.line + 1}` : ''
    return `${place} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`
  })
}

test.group('OpenAPI document: a generated client', (group) => {
  group.each.setup(() => resetState())

  test('openapi-typescript types compile an openapi-fetch client that walks the main calls', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/openapi.json')).body()
    const folder = app.makePath('tmp/openapi_client')
    await rm(folder, { recursive: true, force: true })
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'schema.ts'), astToString(await openapiTS(document)))
    await copyFile(app.makePath('tests/openapi_client/walk.ts'), join(folder, 'walk.ts'))
    assert.deepEqual(
      compile(join(folder, 'walk.ts')),
      [],
      'the client compiles against the generated types'
    )

    const responses = new OpenApiResponses(document)
    const problems: string[] = []
    const observed = async (request: Request) => {
      const response = await fetch(request)
      const type = response.headers.get('content-type') ?? ''
      const text = await response.clone().text()
      const body = type.includes('json') && text ? JSON.parse(text) : text
      problems.push(...responses.problems(request.method, request.url, response.status, type, body))
      return response
    }
    const { walk } = await import(pathToFileURL(join(folder, 'walk.ts')).href)
    const steps = await walk(
      `http://${process.env.HOST}:${process.env.PORT}/api`,
      observed,
      pngBytes().toString('base64')
    )
    assert.deepEqual(steps, [
      'sign-up',
      'decks',
      'retry',
      'notes',
      'media',
      'study (counters)',
      'sharing',
      'export',
    ])
    assert.deepEqual(problems, [], 'every answer is what the document says')
  }).timeout(120_000)
})
