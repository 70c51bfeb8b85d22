import { createHmac } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { HttpContext } from '@adonisjs/core/http'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { appKey } from '#config/app'

/**
 * Stripe's idempotent requests for the API's POSTs (docs/decisions/0084-idempotent-posts.md):
 * a request with an Idempotency-Key claims (scope, key) in idempotency_keys
 * before it runs, and keeps its answer there once it ran; the same key again
 * within 24 hours answers that first answer, or 409 while it still runs, or
 * 422 when it came with another request. The middleware
 * (app/middleware/idempotency_middleware.ts) decides when; this module keeps
 * the rows.
 */

/** How long a key means its first request. */
const KEY_LIFETIME_HOURS = 24
/** The longest a key stays at its first request. */
export const MAX_KEY_LENGTH = 255
/*
 * a claim whose request never ended (its process died) is given up after this: a retry runs
 * again
 */
const ABANDONED_AFTER_MINUTES = 10
/* the answer's headers a replay repeats; the others are each request's own (x-user-token, refetch_deck_ids) */
const KEPT_HEADERS = ['location', 'content-type', 'content-disposition', 'content-language']

/** What a replay sends: the first answer's status, kept headers and body (a Buffer's as base64). */
export type KeptReply = {
  status: number
  headers: Record<string, string>
  body?: unknown
  base64?: string
}

export type Claim =
  | { outcome: 'claimed'; id: string }
  | { outcome: 'replay'; reply: KeptReply }
  | { outcome: 'in_flight' }
  | { outcome: 'mismatch' }

/** JSON with its object keys sorted: the same body sent in another order is the same body. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object' && value.constructor === Object) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical((value as Record<string, unknown>)[name])])
    )
  }
  return value
}

async function hashFile(hmac: ReturnType<typeof createHmac>, file: MultipartFile) {
  hmac.update(JSON.stringify([file.fieldName, file.clientName, file.size]))
  if (!file.tmpPath) return
  for await (const chunk of createReadStream(file.tmpPath)) hmac.update(chunk as Buffer)
}

/**
 * What makes two requests the same: method, path, query and body (fields and
 * the files' bytes), as an HMAC with the app key, so a sign-up's password
 * never lies in the table in a form a fast hash could be tried against. An
 * upload the route reads itself (POST deck_imports streams its file) is
 * known by its declared length only: its bytes are not read before it runs.
 */
export async function fingerprintOf(ctx: HttpContext) {
  const { request } = ctx
  const hmac = createHmac('sha256', appKey.release())
  hmac.update(
    JSON.stringify([
      request.method(),
      request.url(),
      canonical(request.qs()),
      canonical(request.body()),
    ])
  )
  if (request.multipart?.state === 'idle' && request.is(['multipart/form-data'])) {
    hmac.update(`streamed:${request.header('content-length') ?? ''}`)
  }
  const files = Object.entries(request.allFiles()).sort(([a], [b]) => a.localeCompare(b))
  for (const [, entry] of files) {
    for (const file of Array.isArray(entry) ? entry : [entry]) await hashFile(hmac, file)
  }
  return hmac.digest('hex')
}

/** Whose key it is: the signed-in user's, else (a sign-up) the client's, by its address. */
export async function scopeOf(ctx: HttpContext) {
  const api = ctx.auth.use('api')
  if (!api.isAuthenticated && ctx.request.header('authorization')) await api.check()
  return api.isAuthenticated && api.user ? `user:${api.user.id}` : `client:${ctx.request.ip()}`
}

type Row = { id: string; method: string; path: string; fingerprint: string; status: number | null }

/**
 * Claims the key for this request, or says what the key already stands for.
 * A row past its 24 hours, or a claim abandoned, is taken over.
 */
export async function claimKey(
  scope: string,
  key: string,
  request: { method: string; path: string; fingerprint: string }
): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await db.rawQuery(
      `delete from idempotency_keys
        where scope = ? and key = ?
          and (created_at < now() - make_interval(hours => ?)
               or (status is null and created_at < now() - make_interval(mins => ?)))`,
      [scope, key, KEY_LIFETIME_HOURS, ABANDONED_AFTER_MINUTES]
    )
    const inserted = await db.rawQuery(
      `insert into idempotency_keys (scope, key, method, path, fingerprint)
       values (?, ?, ?, ?, ?)
       on conflict (scope, key) do nothing
       returning id`,
      [scope, key, request.method, request.path, request.fingerprint]
    )
    if (inserted.rows.length) return { outcome: 'claimed', id: String(inserted.rows[0].id) }
    const row: (Row & { reply: string | null }) | undefined = await db
      .from('idempotency_keys')
      .where({ scope, key })
      .first()
    /* the first request just gave its claim back (it failed with a 5xx): claimed again */
    if (!row) continue
    if (
      row.method !== request.method ||
      row.path !== request.path ||
      row.fingerprint !== request.fingerprint
    )
      return { outcome: 'mismatch' }
    if (row.status === null) return { outcome: 'in_flight' }
    const reply = row.reply ? encryption.decrypt<KeptReply>(row.reply) : null
    if (reply) return { outcome: 'replay', reply }
    /* an answer the app key can no longer read (the key was rotated): as if never kept */
    await db.from('idempotency_keys').where('id', row.id).delete()
  }
  return { outcome: 'in_flight' }
}

/** The answer of a claimed request, kept for its replays; null when it cannot be (a stream, a file). */
export function replyOf(ctx: HttpContext): KeptReply | null {
  const { response } = ctx
  if (response.hasStream || response.hasFileToStream) return null
  const headers: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = response.getHeader(name)
    if (value !== undefined) headers[name] = String(value)
  }
  const status = response.getStatus()
  if (!response.hasContent) return { status, headers }
  const body = response.getBody()
  if (Buffer.isBuffer(body)) return { status, headers, base64: body.toString('base64') }
  /* what the answer will be written as: objects with toJSON (dates, models) as their JSON */
  return { status, headers, body: JSON.parse(JSON.stringify(body ?? null)) }
}

export async function keepReply(id: string, reply: KeptReply) {
  await db
    .from('idempotency_keys')
    .where('id', id)
    .update({ status: reply.status, reply: encryption.encrypt(reply) })
}

/** Gives a claim back: the request may be sent again with its key and run. */
export async function releaseKey(id: string) {
  await db.from('idempotency_keys').where('id', id).delete()
}

/** Writes a kept answer as this request's answer. */
export function replay(ctx: HttpContext, reply: KeptReply) {
  for (const [name, value] of Object.entries(reply.headers)) ctx.response.header(name, value)
  ctx.response.header('Idempotent-Replayed', 'true')
  ctx.response.status(reply.status)
  if (reply.base64 !== undefined) ctx.response.send(Buffer.from(reply.base64, 'base64'))
  else if (reply.body !== undefined) ctx.response.send(reply.body)
}

/** Removes the keys past their 24 hours (the prune_idempotency_keys job); returns how many went. */
export async function pruneIdempotencyKeys() {
  const result = await db.rawQuery(
    `delete from idempotency_keys where created_at < now() - make_interval(hours => ?)`,
    [KEY_LIFETIME_HOURS]
  )
  return result.rowCount ?? 0
}
