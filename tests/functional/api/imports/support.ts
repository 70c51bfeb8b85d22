import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { join } from 'node:path'
import { readdir } from 'node:fs/promises'
import { storageRoot } from '#config/drive'

export { FIXTURES, fixture } from '#tests/support/fixtures'

/** POST deck_imports with one file (a path or bytes) and optional form fields. */
export function upload(
  client: ApiClient,
  token: string,
  file: string | Buffer,
  name: string,
  fields: Record<string, string> = {}
) {
  let request = client.post('/api/deck_imports').bearerToken(token)
  for (const [key, value] of Object.entries(fields)) request = request.field(key, value)
  return request.file('file', file as any, { filename: name })
}

/** Waits (bounded, not a timed assertion) for the worker to finish an import, and returns it. */
export async function waitForImport(
  client: ApiClient,
  token: string,
  id: number,
  timeoutMs = 60_000
) {
  const deadline = Date.now() + timeoutMs
  let last: any
  while (Date.now() < deadline) {
    const response = await client.get(`/api/deck_imports/${id}`).bearerToken(token)
    last = response.body()
    if (['done', 'failed', 'cancelled'].includes(last.status)) return last
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`import ${id} still ${last?.status} after ${timeoutMs} ms`)
}

export async function importFile(
  client: ApiClient,
  token: string,
  file: string | Buffer,
  name: string,
  fields: Record<string, string> = {}
) {
  const response = await upload(client, token, file, name, fields)
  if (response.status() !== 202)
    throw new Error(`upload ${name}: ${response.status()} ${response.text()}`)
  return waitForImport(client, token, response.body().id)
}

/** What a user has, counted: the "nothing left behind" checks compare these. */
export async function holdings(userId: number) {
  const count = async (query: any) => Number((await query.count('* as n').first()).n)
  return {
    decks: await count(db.from('decks').where('user_id', userId)),
    notes: await count(db.from('notes').where('user_id', userId)),
    cards: await count(
      db.from('cards').join('notes', 'notes.id', 'cards.note_id').where('notes.user_id', userId)
    ),
    media: await count(db.from('media').where('user_id', userId)),
    progress: await count(db.from('card_progress').where('user_id', userId)),
    reviews: await count(db.from('review_logs').where('user_id', userId)),
  }
}

/** Files on the local drive under media/ and imports/ (the test drive is the local disk). */
export async function driveFiles() {
  const root = storageRoot
  const list = async (dir: string): Promise<string[]> => {
    try {
      const entries = await readdir(join(root, dir), { withFileTypes: true, recursive: true })
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
    } catch {
      return []
    }
  }
  return [...(await list('media')), ...(await list('imports'))].sort()
}
