import db from '@adonisjs/lucid/services/db'
import ApiException from '#exceptions/api_exception'
import DeckReport from '#models/deck_report'
import { isReportable } from '#models/deck'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import type { Infer } from '@vinejs/vine/types'
import type { reportDeckValidator } from '#validators/content'

/** Reports go to the moderators of decks that came from someone else: the library or a pre-made deck. */
export async function reportDeck(
  user: User,
  input: Infer<typeof reportDeckValidator> & { id: unknown }
) {
  const deck = await findDeck(user, input.id)
  if (!isReportable(deck)) throw ApiException.of('E_NOT_REPORTABLE', { apiField: 'id' })
  /* a clone of a library deck: the report is about the library deck (the moderation page lists it there) */
  const clone = await db
    .from('library_clones')
    .where('deck_id', deck.rootDeckId ?? deck.id)
    .select('public_deck_id')
    .first()
  return DeckReport.create({
    deckId: deck.id,
    userId: user.id,
    text: input.report_text,
    publicDeckId: clone?.public_deck_id ?? null,
    status: 'open',
  })
}
