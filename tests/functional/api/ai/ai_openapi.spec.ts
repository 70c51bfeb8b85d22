import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import { textPdf } from '#tests/support/pdfs'
import { signIn, uploadPdf, waitForStream } from './support.js'

/* The AI calls' real answers against the OpenAPI document (tests/support/openapi_conformance.ts). */
test.group('OpenAPI: the AI calls answer as documented', (group) => {
  group.each.setup(() => resetState())

  test('ai_document, ai_stream_create, stream_status, cancel_stream, ai_bulk_create', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/openapi.json')).body() as OpenApiDocument
    const conforms = (method: string, path: string, status: number, response: any) => {
      assert.equal(response.status(), status, `${method} ${path}: ${response.text().slice(0, 300)}`)
      const problems = conformanceProblems(
        document,
        responseSchema(document, method, path, status),
        response.body()
      )
      assert.deepEqual(
        [...new Set(problems.map((problem) => problem.replace(/\[\d+\]/g, '[]')))],
        [],
        `${method} ${path} ${status}`
      )
    }
    const { token } = await signIn()
    const upload = await uploadPdf(client, token, await textPdf())
    conforms('POST', '/notes/ai_document', 201, upload)
    const created = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ document_id: upload.body().documentId, cards_amount: 2 })
    conforms('POST', '/notes/ai_stream_create', 201, created)
    await waitForStream(client, token, created.body().streamId)
    conforms(
      'GET',
      '/notes/stream_status',
      200,
      await client
        .get('/api/notes/stream_status')
        .qs({ stream_id: created.body().streamId })
        .bearerToken(token)
    )
    conforms(
      'DELETE',
      '/notes/cancel_stream',
      200,
      await client
        .delete('/api/notes/cancel_stream')
        .qs({ stream_id: created.body().streamId, delete_notes: true })
        .bearerToken(token)
    )
    const bulk = await client
      .post('/api/notes/ai_bulk_create')
      .bearerToken(token)
      .json({ user_prompt: 'uno - one' })
    conforms('POST', '/notes/ai_bulk_create', 201, bulk)
    await waitForStream(client, token, bulk.body().streamId)
    conforms(
      'GET',
      '/decks/polling',
      200,
      await client.get('/api/decks/polling').bearerToken(token)
    )
  })
})
