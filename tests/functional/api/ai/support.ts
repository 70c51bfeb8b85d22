import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import db from '@adonisjs/lucid/services/db'
import { workerOutput } from '#tests/support/worker_process'

export { signIn, createDeck } from '#tests/support/content'

/** POST notes/ai_document with one PDF and optional pages. */
export function uploadPdf(
  client: ApiClient,
  token: string,
  pdf: Buffer,
  fields: Record<string, string> = {},
  name = 'cells.pdf'
) {
  let request = client.post('/api/notes/ai_document').bearerToken(token)
  for (const [key, value] of Object.entries(fields)) request = request.field(key, value)
  return request.file('file', pdf, { filename: name })
}

export async function documentId(
  client: ApiClient,
  token: string,
  pdf: Buffer,
  fields: Record<string, string> = {}
) {
  const response = await uploadPdf(client, token, pdf, fields)
  if (response.status() !== 201)
    throw new Error(`ai_document: ${response.status()} ${response.text()}`)
  return response.body().documentId as number
}

/** Waits (bounded, not a timed assertion) until the worker has finished the stream, and returns its status. */
export async function waitForStream(
  client: ApiClient,
  token: string,
  streamId: number,
  until = (body: any) => ['done', 'failed', 'cancelled'].includes(body.status),
  timeoutMs = 60_000
) {
  const deadline = Date.now() + timeoutMs
  let last: any
  while (Date.now() < deadline) {
    const response = await client
      .get('/api/notes/stream_status')
      .qs({ stream_id: streamId })
      .bearerToken(token)
    last = response.body()
    if (response.status() !== 200)
      throw new Error(`stream_status ${response.status()} ${response.text()}`)
    if (until(last)) return last
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(
    `stream ${streamId} still ${last?.status} (${last?.count} notes) after ${timeoutMs} ms\n${workerOutput()}`
  )
}

export async function freeTier(userId: number) {
  const row = await db
    .from('users')
    .where('id', userId)
    .select('free_ai_pdf', 'free_ai_prompt', 'free_ai_card_builder')
    .first()
  return { pdf: row.free_ai_pdf, prompt: row.free_ai_prompt, cardBuilder: row.free_ai_card_builder }
}

export async function deckRow(id: number) {
  return db.from('decks').where('id', id).first()
}

export async function notesOf(deckId: number) {
  return db.from('notes').where('deck_id', deckId).orderBy('id')
}

/**
 * The worker process configured for the AI double (as for `useAiDouble`):
 * the worker reads its configuration at start, so it is restarted with the
 * double's settings in its environment, and again without them afterwards.
 */
async function workerWithAiDouble(provider: 'openai' | 'anthropic') {
  const { useAiDouble } = await import('#tests/support/ai_server')
  const { startWorkerProcess, stopWorkerProcess } = await import('#tests/support/worker_process')
  await stopWorkerProcess()
  const restore = useAiDouble(provider)
  await startWorkerProcess(2)
  return async () => {
    await stopWorkerProcess()
    restore()
    await startWorkerProcess(2)
  }
}

/**
 * A test group whose worker speaks to the AI providers' double, each test starting from a clean state and an
 * empty script.
 */
export function aiDoubleGroup(group: Group, provider: 'openai' | 'anthropic' = 'openai') {
  let restore: () => Promise<void>
  group.setup(async () => {
    restore = await workerWithAiDouble(provider)
    return () => restore()
  })
  group.each.setup(async () => {
    const [{ resetState }, { resetAi }] = await Promise.all([
      import('#tests/support/helpers'),
      import('#tests/support/ai_server'),
    ])
    await resetState()
    resetAi()
  })
}

export { eventually } from '#tests/support/eventually'
