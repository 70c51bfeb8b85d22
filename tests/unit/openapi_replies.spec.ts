import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { OUTPUT, replySchemasText } from '#bin/openapi/reply_schemas'

/*
 * The reply schemas of the OpenAPI document are generated from the types
 * bin/openapi/reply_types.ts names; the file in the repository must
 * be what those types say now. When this fails: `npm run openapi`.
 */
test.group('OpenAPI reply schemas', () => {
  test('resources/openapi/replies.json is what the reply types say (else: npm run openapi)', async ({
    assert,
  }) => {
    const committed = await readFile(app.makePath(OUTPUT), 'utf8')
    assert.isTrue(
      committed === replySchemasText(app.makePath()),
      `${OUTPUT} is stale: run npm run openapi`
    )
  }).timeout(120_000)
})
