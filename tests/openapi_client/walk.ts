/*
 * A client as a mobile team would write it: openapi-fetch typed by the
 * types openapi-typescript generated from /api/openapi.json (./schema.ts,
 * written by tests/functional/api/openapi_client.spec.ts beside a copy of
 * this file, then compiled with tsc and run). It walks sign-up, decks (a
 * create retried with its Idempotency-Key), notes, the spec's base64 upload
 * (its url loaded with no header, as a WebView loads it), study, sharing and
 * export. Not compiled with the project (tsconfig
 * excludes this folder): the types it needs exist only in that copy.
 */
import createClient from 'openapi-fetch'
import type { paths } from './schema.js'

type Fetch = (request: Request) => Promise<Response>

function must<T>(value: T | undefined, step: string): T {
  if (value === undefined) throw new Error(`${step}: no data`)
  return value
}

/** Each step's name, in order; throws at the first step that fails. */
export async function walk(baseUrl: string, fetch: Fetch, pngBase64: string): Promise<string[]> {
  const steps: string[] = []
  const api = createClient<paths>({ baseUrl, fetch })
  const signUp = async (email: string) => {
    const { data } = await api.POST('/authentication/register_with_email_and_pass', {
      body: { user: { email, password: 'long-enough-1', name: 'Walker' } },
    })
    const answer = must(data, 'sign-up')
    return {
      token: answer.token,
      userId: answer.user.id,
      headers: { Authorization: `Bearer ${answer.token}` },
    }
  }
  const owner = await signUp('walker@example.test')
  steps.push('sign-up')

  const created = must(
    (await api.POST('/decks', { headers: owner.headers, body: { deck: { name: 'Walk' } } })).data,
    'create deck'
  )
  const list = must((await api.GET('/decks', { headers: owner.headers })).data, 'list decks')
  if (!list.decks.some((deck) => deck.id === created.id))
    throw new Error('the new deck is not listed')
  const basic = list.templates.find((template) => template.kind === 'basic') ?? list.templates[0]
  steps.push('decks')

  /* the app retries a POST whose answer it lost: with the same Idempotency-Key, the first answer comes back */
  const retried = {
    headers: owner.headers,
    params: { header: { 'Idempotency-Key': 'walk-create-deck-1' } },
    body: { deck: { name: 'Sent twice' } },
  }
  const first = must((await api.POST('/decks', retried)).data, 'create with a key')
  const again = await api.POST('/decks', retried)
  if (must(again.data, 'the same create again').id !== first.id)
    throw new Error('a retried create made another deck')
  if (again.response.headers.get('idempotent-replayed') !== 'true')
    throw new Error('the retry is not marked as replayed')
  steps.push('retry')

  const fields = Object.fromEntries(
    basic.fields.map((field, index) => [field.id, index ? 'one' : 'uno'])
  )
  const note = must(
    (
      await api.POST('/notes', {
        headers: owner.headers,
        body: { note: { deck_id: created.id, template_id: basic.id, fields } },
      })
    ).data,
    'create note'
  )
  const notes = must(
    (
      await api.GET('/notes', {
        headers: owner.headers,
        params: { query: { deck_id: created.id } },
      })
    ).data,
    'list notes'
  )
  if (!notes.notes.some((listed) => listed.id === note.id))
    throw new Error('the new note is not listed')
  steps.push('notes')

  /* the spec's upload: JSON base64_file; the url it answers loads as a WebView loads it, with no header */
  const uploaded = must(
    (
      await api.POST('/card_attachments', {
        headers: owner.headers,
        body: { base64_file: pngBase64, deck_id: created.id },
      })
    ).data,
    'upload'
  )
  const picture = await globalThis.fetch(uploaded.url)
  if (picture.status !== 200 || picture.headers.get('content-type') !== 'image/png')
    throw new Error(`the uploaded picture does not load without a header: ${picture.status}`)
  steps.push('media')

  const start = must(
    (
      await api.GET('/v2/learning/start', {
        headers: owner.headers,
        params: { query: { deck_id: created.id, learn_session_start_timestamp: Date.now() } },
      })
    ).data,
    'start a session'
  )
  const card = must(start.card ?? undefined, 'the first card')
  const answered = must(
    (
      await api.POST('/v2/learning/answer', {
        headers: owner.headers,
        body: { deck_id: created.id, card_id: card.id, answer: 'good', review_duration_ms: 2000 },
      })
    ).data,
    'answer'
  )
  steps.push(`study (${answered.topCounters ? 'counters' : 'no counters'})`)

  const shared = must(
    (
      await api.PUT('/decks/{id}', {
        headers: owner.headers,
        params: { path: { id: created.id } },
        body: { deck: { sharing_enabled: true } },
      })
    ).data,
    'share'
  )
  const sharingToken = must(shared.sharingToken ?? undefined, 'the sharing token')
  must(
    (await api.GET('/v2/decks/{token}', { params: { path: { token: sharingToken } } })).data,
    'read the shared deck'
  )
  const learner = await signUp('learner@example.test')
  const joined = await api.POST('/deck_collaborators', {
    headers: learner.headers,
    body: { user_id: learner.userId, sharing_token: sharingToken },
  })
  must(joined.data, 'join the shared deck')
  steps.push('sharing')

  const exported = must(
    (
      await api.POST('/deck_exports', {
        headers: owner.headers,
        body: { deck_id: created.id, format: 'csv' },
      })
    ).data,
    'export'
  )
  must(
    (
      await api.GET('/deck_exports/{id}', {
        headers: owner.headers,
        params: { path: { id: exported.id } },
      })
    ).data,
    'the export'
  )
  const csv = await api.GET('/deck_exports/csv/{id}', {
    headers: owner.headers,
    params: { path: { id: created.id } },
    parseAs: 'text',
  })
  if (!must(csv.data, 'the CSV').includes('uno')) throw new Error('the CSV lacks the note')
  steps.push('export')
  return steps
}
