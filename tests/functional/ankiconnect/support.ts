import type { ApiClient } from '@japa/api-client'
import { signIn, type Session } from '#tests/support/content'

/* The AnkiConnect door as its clients call it: one JSON body, the key inside it. */

export interface Connected extends Session {
  key: string
  url: string
}

/** A learner with an AnkiConnect key, made through POST /api/ankiconnect_key. */
export async function connect(client: ApiClient, overrides = {}): Promise<Connected> {
  const session = await signIn(overrides)
  const response = await client.post('/api/ankiconnect_key').bearerToken(session.token)
  response.assertStatus(201)
  return { ...session, key: response.body().key, url: response.body().url }
}

/** One AnkiConnect request (version 6 unless given), answered body. */
export async function anki(
  client: ApiClient,
  key: string | undefined,
  action: string,
  params?: Record<string, unknown>,
  version: number | null = 6
) {
  const body: Record<string, unknown> = { action }
  if (version !== null) body.version = version
  if (params !== undefined) body.params = params
  if (key !== undefined) body.key = key
  const response = await client.post('/ankiconnect').json(body)
  response.assertStatus(200)
  return response.body()
}

/** The result of a request that must succeed (its error shown when it does not). */
export async function ok(
  client: ApiClient,
  key: string,
  action: string,
  params?: Record<string, unknown>
) {
  const reply = await anki(client, key, action, params)
  if (reply.error !== null) throw new Error(`${action} failed: ${reply.error}`)
  return reply.result
}
