import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import type { AccessTokenDbColumns } from '@adonisjs/auth/types/access_tokens'
import { preparedQuery } from '#services/prepared_query'

/* With less than this left, a token gets a successor, handed back in x-user-token. */
const REFRESH_WITHIN_DAYS = 7
/*
 * How long the old token keeps working once its successor was first used:
 * requests already on their way with it (the apps retry twice, 120 s each)
 * still land.
 */
export const GRACE_MINUTES = 10

type Link = { parentId: number | null; pending: boolean }

/*
 * A token's last_used_at is written at most this often: "last used" is
 * shown to the minute nowhere, and a write on every request made each
 * read a write (a row version, a WAL record, a lock) for nothing.
 */
export const LAST_USED_EVERY_MS = 5 * 60_000
/* the token's columns ride beside its owner's, under this prefix, in one read */
const TOKEN = '__token_'
const TOKEN_COLUMNS = [
  'id',
  'tokenable_id',
  'type',
  'name',
  'hash',
  'abilities',
  'created_at',
  'updated_at',
  'last_used_at',
  'expires_at',
  'parent_id',
  'handoff',
]

/**
 * The bearer tokens of the apps, stored hashed (@adonisjs/auth's table), with
 * one successor per token. Near expiry, every answer hands back the same
 * successor until the client uses it: its secret waits in `handoff`,
 * encrypted with the old token's own secret (so only that token's holder can
 * read it back), and is dropped at the first use. From that use the old token
 * lives GRACE_MINUTES more. A successor never used dies with its parent: the
 * `prune_access_tokens` job removes expired tokens and such successors.
 */
export class SucceedingAccessTokensProvider<
  TokenableModel extends LucidModel,
> extends DbAccessTokensProvider<TokenableModel> {
  #links = new WeakMap<AccessToken, Link>()

  protected dbRowToAccessToken(
    dbRow: AccessTokenDbColumns & { parent_id?: number | null; handoff?: string | null }
  ) {
    const token = super.dbRowToAccessToken(dbRow)
    this.#links.set(token, {
      parentId: dbRow.parent_id ?? null,
      pending: dbRow.handoff !== null && dbRow.handoff !== undefined,
    })
    return token
  }

  /**
   * The token and its owner's row, in one read (the guard would read the
   * token, then its user): null when the value is not a live token.
   */
  async verifyWithOwner(tokenValue: Secret<string>) {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded) return null
    const owners = this.options.tokenableModel.table
    const columns = TOKEN_COLUMNS.map((column) => `t.${column} as ${TOKEN}${column}`).join(', ')
    const rows = await preparedQuery(
      `${this.table}-with-owner`,
      `select o.*, ${columns} from ${this.table} t join ${owners} o on o.id = t.tokenable_id where t.id = $1 ` +
        `and t.type = $2 limit 1`,
      [decoded.identifier, this.type]
    )
    if (!rows.length) return null
    const owner: Record<string, any> = {}
    const tokenRow: Record<string, any> = {}
    for (const [key, value] of Object.entries(rows[0] as Record<string, unknown>)) {
      if (key.startsWith(TOKEN)) tokenRow[key.slice(TOKEN.length)] = value
      else owner[key] = value
    }
    const token = this.dbRowToAccessToken(tokenRow as any)
    if (!token.verify(decoded.secret) || token.isExpired()) return null
    await this.#touch(token)
    return { token, owner }
  }

  async verify(tokenValue: Secret<string>) {
    const verified = await this.verifyWithOwner(tokenValue)
    return verified?.token ?? null
  }

  async #touch(token: AccessToken) {
    const now = new Date()
    if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return
    token.lastUsedAt = now
    const db = await this.getDb()
    await db
      .from(this.table)
      .where({ id: String(token.identifier), type: this.type })
      .update({ last_used_at: now })
  }

  expiresSoon(token: AccessToken) {
    return Boolean(
      token.expiresAt && token.expiresAt.getTime() - Date.now() < REFRESH_WITHIN_DAYS * 86_400_000
    )
  }

  /**
   * A successor's first use: its parent's grace starts. False when it can no
   * longer be taken over (its parent expired or was revoked): it is removed.
   */
  async takeOver(token: AccessToken) {
    const link = this.#links.get(token)
    if (!link?.pending) return true
    const db = await this.getDb()
    const parent = link.parentId
      ? await db.rawQuery(
          `update ${this.table} set expires_at = least(expires_at, now() + make_interval(mins => ?)), updated_at = now()
            where id = ? and (expires_at is null or expires_at > now()) returning id`,
          [GRACE_MINUTES, link.parentId]
        )
      : { rows: [] }
    if (!parent.rows.length) {
      await db.from(this.table).where('id', String(token.identifier)).delete()
      return false
    }
    await db.from(this.table).where('id', String(token.identifier)).update({ handoff: null })
    link.pending = false
    return true
  }

  /**
   * The successor of `token` (presented as `bearer`), minted on the first
   * call and the same one after, however many requests race for it; null once
   * the client has used it (it has it) or when the bearer is not `token`.
   */
  async successorOf(token: AccessToken, bearer: string) {
    const secret = AccessToken.decode(this.prefix, bearer)?.secret.release()
    if (!secret) return null
    const db = await this.getDb()
    const fresh = AccessToken.createTransientToken(
      token.tokenableId as any,
      this.tokenSecretLength,
      this.options.expiresIn
    )
    const row: any[] = [
      String(token.tokenableId),
      this.type,
      token.name,
      fresh.hash,
      JSON.stringify(token.abilities),
      fresh.expiresAt ?? null,
      String(token.identifier),
      seal(fresh.secret.release(), secret),
    ]
    const inserted = await db.rawQuery(
      `insert into ${this.table} (tokenable_id, type, name, hash, abilities, created_at, updated_at,
        last_used_at, expires_at, parent_id, handoff)
       values (?, ?, ?, ?, ?, now(), now(), null, ?, ?, ?)
       on conflict (parent_id) do nothing returning id`,
      row
    )
    if (inserted.rows.length) return this.#value(token, inserted.rows[0].id, fresh.secret.release())
    /* another request minted it first: the same one, read back with the old token's secret */
    const existing = await db
      .from(this.table)
      .where('parent_id', String(token.identifier))
      .select('id', 'handoff')
      .first()
    const successor = existing?.handoff ? open(existing.handoff, secret) : null
    return successor ? this.#value(token, existing.id, successor) : null
  }

  /** Logout: the token in use, with its predecessor still in its grace and its successor. */
  async revoke(token: AccessToken) {
    const db = await this.getDb()
    const parentId = this.#links.get(token)?.parentId ?? null
    await db
      .from(this.table)
      .where('id', String(token.identifier))
      .orWhere('parent_id', String(token.identifier))
      .if(parentId, (query) => query.orWhere('id', parentId!))
      .delete()
  }

  #value(token: AccessToken, id: number, secret: string) {
    return new AccessToken({
      identifier: id,
      tokenableId: token.tokenableId,
      type: this.type,
      prefix: this.prefix,
      secret: new Secret(secret),
      name: token.name,
      hash: '',
      abilities: token.abilities,
      createdAt: new Date(),
      updatedAt: new Date(),
      lastUsedAt: null,
      expiresAt: null,
    }).value!.release()
  }
}

/* AES-256-GCM under a key derived from the old token's secret */
const keyOf = (secret: string) =>
  createHash('sha256').update(`mnemo successor handoff\n${secret}`).digest()

function seal(text: string, secret: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv)
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')
}

function open(sealed: string, secret: string) {
  try {
    const bytes = Buffer.from(sealed, 'base64')
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
