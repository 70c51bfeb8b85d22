/*
| The pages a learner on a phone meets first (issue 33), as bench/page_weight.ts
| and bench/lighthouse.ts measure them: the production build seeded with a
| learner of 30 decks and one of 300, and the demo library, then served
| (server and worker) with COOKIES_SECURE=false so a browser keeps the session
| cookie over plain HTTP (docs/configuration.md; never set in a deployment).
*/
import {
  bootForSeeding,
  browserSession,
  ensureBuild,
  resetDatabase,
  startServer,
  startWorker,
} from './support.js'
import { seedDeckTree } from './seed_decks.js'

export interface PhonePage {
  name: string
  path: string
  /** the learner signed in (null: signed out) */
  email: string | null
  /** the study page: usable once its first card shows */
  study?: boolean
}

/** The app built, seeded and started; its pages; the cookies of a signed-in learner; stop() ends it. */
export async function servePhonePages() {
  ensureBuild()
  await resetDatabase()

  /* seeding, in this process, before any request */
  const seeding = await bootForSeeding()
  const { db } = seeding
  const small = await seedDeckTree(db, 'small@bench.test', 10, 20)
  const large = await seedDeckTree(db, 'large@bench.test', 100, 20)
  const { createUser } = await import('#actions/auth/create_user')
  const { seedDemoLibrary } = await import('#database/demo_library')
  await seedDemoLibrary(
    await createUser({
      email: 'moderator@bench.test',
      password: 'bench-password-1',
      provider: 'email',
      name: 'Moderator',
    })
  )
  const smallUser = await db.from('users').where('email', small.email).firstOrFail()
  const deck = await db
    .from('decks')
    .where('user_id', smallUser.id)
    .whereNull('parent_id')
    .orderBy('id')
    .firstOrFail()
  const librarySlug = (
    await db.from('public_decks').whereNotNull('current_revision_id').firstOrFail()
  ).slug
  await seeding.stop()

  const extra = { COOKIES_SECURE: 'false' }
  const server = await startServer(extra)
  const worker = await startWorker(extra)
  const base = server.base

  const pages: PhonePage[] = [
    { name: 'sign-in', path: '/sign-in', email: null },
    { name: 'home, 30 decks', path: '/', email: small.email },
    { name: 'home, 300 decks', path: '/', email: large.email },
    { name: 'deck page', path: `/decks/${deck.id}`, email: small.email },
    { name: 'study, first card', path: `/decks/${deck.id}/learn`, email: small.email, study: true },
    { name: 'library home', path: '/library', email: small.email },
    { name: 'library deck', path: `/library/decks/${librarySlug}`, email: small.email },
  ]

  return {
    base,
    pages,
    /** the learner of 30 decks */
    email: small.email,
    /** The cookies of a learner signed in through the form (bench/support.ts), as a browser context takes them. */
    async cookiesOf(email: string) {
      const { cookies } = await browserSession(base, email)
      return [...cookies].map(([name, value]) => ({ name, value, url: base }))
    },
    async stop() {
      await worker.stop()
      await server.stop()
    },
  }
}

/** `--page <name>`: only the pages whose name starts with it (all without). */
export function pagesAsked(pages: PhonePage[]) {
  const index = process.argv.indexOf('--page')
  const only = index >= 0 ? process.argv[index + 1] : undefined
  return pages.filter(({ name }) => !only || name.startsWith(only))
}
