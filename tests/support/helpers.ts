import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import User from '#models/user'
import type { NewUser } from '#actions/auth/create_user'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { readOutbox } from '#services/mail/outbox_transport'
import { outboxDirectory } from '#config/mail'
import { storageRoot } from '#config/drive'
import { redisUrl } from '#config/redis'
import { insertBuiltinNoteTypes } from '#database/builtin_note_types'
import { insertBuiltinCardPresets } from '#database/builtin_card_presets'
import { insertBuiltinAiTemplates } from '#database/builtin_ai_templates'
import { expireFlagCache, freshFlags } from '#services/remote_flags'

/** Empties every table and the rate limits: each test starts from nothing but the built-in note types. */
export async function resetState() {
  await emptyTables()
  await insertBuiltinNoteTypes(db)
  await insertBuiltinCardPresets(db)
  await insertBuiltinAiTemplates(db)
  /*
   * remote_flags is empty again: this process's copy of the flags goes back to the defaults at once, not at
   * its next check
   */
  expireFlagCache()
  await freshFlags()
  /* clear() only reaches a store this process has used: a first test would keep the last run's counts */
  const store = redisUrl ? 'redis' : 'database'
  limiter.use(store, { requests: 1, duration: '1 min' })
  await limiter.clear([store])
  await rm(outboxDirectory, { recursive: true, force: true })
  /* the files the truncated rows named (a drained job's upload, a test's media): the drive starts empty too */
  await Promise.all(
    STORED_FOLDERS.map(async (folder) => {
      await rm(join(storageRoot, folder), { recursive: true, force: true })
      await mkdir(join(storageRoot, folder), { recursive: true })
    })
  )
}

/* the drive's folders under the local disk (never storage/ itself: its .disk-id names this checkout's disk) */
const STORED_FOLDERS = ['media', 'imports', 'exports', 'avatars']

/*
 * Every table emptied and every sequence started again, as TRUNCATE ... RESTART IDENTITY CASCADE did, in one
 * statement. A DELETE of a few rows costs far less than TRUNCATE's new files for ~50 tables and their
 * indexes (about 65 ms a test); with session_replication_role = replica the foreign keys' and the
 * participants' triggers stay quiet, as they do for TRUNCATE, so the order of the tables does not matter.
 * The sequences of the tables (the ids a test sees start at 1 again) are reset once used; the migrations'
 * own (adonis_schema) are left alone.
 */
const EMPTY_TABLES = `
  DO $$
  DECLARE
    name text;
  BEGIN
    SET LOCAL session_replication_role = replica;
    FOR name IN SELECT format('%I.%I', schemaname, tablename) FROM pg_tables
      WHERE schemaname = 'public' AND tablename NOT LIKE 'adonis_schema%'
    LOOP
      EXECUTE 'DELETE FROM ' || name;
    END LOOP;
    FOR name IN SELECT format('%I.%I', sequence.schemaname, sequence.sequencename) FROM pg_sequences sequence
      WHERE sequence.schemaname = 'public' AND sequence.sequencename NOT LIKE 'adonis_schema%'
        AND sequence.last_value IS NOT NULL
    LOOP
      PERFORM setval(name, (SELECT seqstart FROM pg_sequence WHERE seqrelid = name::regclass), false);
    END LOOP;
  END $$`

/*
 * A job or request the previous test started may still hold row locks that
 * the DELETEs wait for, or cross (a deadlock PostgreSQL resolves by failing
 * one side): the worker's jobs get a moment to end, and a deadlocked
 * emptying is tried again.
 */
async function emptyTables() {
  const { AI_QUEUE_NAME, getQueue } = await import('#services/queue')
  const idleBy = Date.now() + 10_000
  const active = async () =>
    (await getQueue().getActiveCount()) + (await getQueue(AI_QUEUE_NAME).getActiveCount())
  while ((await active()) > 0 && Date.now() < idleBy)
    await new Promise((resolve) => setTimeout(resolve, 50))
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.rawQuery(EMPTY_TABLES)
    } catch (error) {
      /* a deadlock, or a lock not had within the lock timeout (config/database.ts): tried again */
      if (!['40P01', '55P03'].includes((error as { code?: string }).code ?? '') || attempt >= 5)
        throw error
    }
  }
}

export const PASSWORD = FACTORY_PASSWORD

/** The learner premium from now on (the column the subscription sets), in the database and on the model given. */
export async function makePremium<T extends { id: number }>(user: T) {
  await db.from('users').where('id', user.id).update({ is_premium: true })
  if ('isPremium' in user) (user as { isPremium: boolean }).isPremium = true
  return user
}

/**
 * A learner who signed up with e-mail and password. Their address counts as
 * proven (as after using a link mailed there: exports go to it at once)
 * unless `emailVerified: false`.
 */
export async function makeUser(
  overrides: Partial<NewUser> & { username?: string; emailVerified?: boolean } = {}
) {
  const { emailVerified = true, ...attributes } = overrides
  const users = emailVerified ? UserFactory : UserFactory.apply('unverified')
  /* as sign-up does it: the username claimed and the row written in one transaction (one connection) */
  return db.transaction((trx) => users.merge(attributes).client(trx).create())
}

export async function tokenFor(user: User) {
  const token = await User.accessTokens.create(user)
  return token.value!.release()
}

/** Waits for the worker to deliver a mail to `to`, and returns it. */
export async function waitForMail(to: string, timeoutMs = 25_000, matching?: RegExp) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = (await readOutbox(outboxDirectory)).find(
      (message) => message.to.includes(to) && (!matching || matching.test(message.text))
    )
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(
    `no mail${matching ? ` matching ${matching}` : ''} reached ${to} within ${timeoutMs} ms`
  )
}

export function linkIn(text: string, path: string) {
  const match = text.match(new RegExp(`https?://[^\\s"]+${path}/[A-Za-z0-9_-]+`))
  if (!match) throw new Error(`no ${path} link in mail`)
  return match[0]
}

/** The shape every non-2xx JSON answer has. */
export function assertErrorBody(assert: any, body: any, code: string) {
  assert.properties(body, ['title', 'code'])
  assert.isString(body.title)
  assert.isNotEmpty(body.title)
  assert.equal(body.code, code)
  if ('body' in body) assert.isString(body.body)
}
