import db from '@adonisjs/lucid/services/db'
import { archiveDeck } from '#actions/decks/archive_deck'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { makeUser, waitForMail } from '#tests/support/helpers'
import { sendLoginLink } from '#actions/auth/send_login_link'
import { requestConfirmation } from '#actions/exports/request_confirmation'
import { publishDeck, seedCategories } from '#tests/support/library'
import { enableSharing } from '#tests/functional/api/participants/support'

/*
 * The content the accessibility sweep (tests/browser/a11y/axe_sweep.spec.ts)
 * shows on its screens: a learner (and admin) with a deck of notes, a
 * subdeck, an archived deck, a shared link, and a library with a deck by
 * someone else and one waiting for moderation.
 */
export async function sweepContent() {
  const user = await makeUser({ email: 'ana@example.test', username: 'ana.lima' })
  user.learningTutorialSeen = true
  user.isAdmin = true
  await user.save()
  const deck = await createDeck(user, { name: 'Capitals' })
  await createDeck(user, { name: 'Europe', parent_id: deck.id })
  await bulkCreateNotes(user, {
    deck_id: deck.id,
    import_data: Array.from({ length: 12 }, (_, index) => ({
      front: `Country ${index + 1}`,
      back: `<b>Capital</b> ${index + 1}`,
    })),
  })
  const archived = await createDeck(user, { name: 'Old verbs' })
  await archiveDeck(user, { id: archived.id, archived: true })
  const token = await enableSharing(deck)
  await seedCategories()
  const author = await makeUser({ name: 'Olga Owner', username: 'olga' })
  const published = await publishDeck(author, {
    name: 'World rivers',
    category: ['languages', 'english'],
    notes: [{ front: 'Nile', back: 'Africa' }],
  })
  await publishDeck(author, { name: 'Pending moons', state: 'pending' })
  const note = await db.from('notes').where('deck_id', deck.id).orderBy('id').firstOrFail()
  /* the pages behind a mailed link while it works: a sign-in link, and an export address's confirmation */
  await sendLoginLink({ email: 'ana@example.test', locale: 'en' })
  const loginLink = linkIn(
    await waitForMail('ana@example.test', 20_000, /\/auth\/link\//),
    /\/auth\/link\/[\w-]+/
  )
  await db.transaction((trx) =>
    requestConfirmation(user, { email: 'teacher@school.test', locale: 'en' }, trx)
  )
  const confirmLink = linkIn(
    await waitForMail('teacher@school.test', 20_000),
    /\/exports\/confirm\/[\w-]+/
  )
  return {
    user,
    deck,
    note: note.id as number,
    token: token!,
    published,
    author,
    loginLink,
    confirmLink,
  }
}

function linkIn(mail: { text: string }, path: RegExp) {
  const found = mail.text.match(path)
  if (!found) throw new Error(`no ${path} in the mail: ${mail.text.slice(0, 300)}`)
  return found[0]
}
