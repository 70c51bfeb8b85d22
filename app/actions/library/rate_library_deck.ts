import type { Infer } from '@vinejs/vine/types'
import { withTransaction, type ActionOptions } from '#actions/action'
import LibraryRating from '#models/library_rating'
import PublicDeck from '#models/public_deck'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { htmlToPlainText } from '#note_types/plain_text'
import { MAX_REVIEW_LENGTH, type rateDeckValidator } from '#validators/library'

/* a review is plain text: markup is reduced to its text, an empty one is no review */
const plainComment = (comment: string | null | undefined) =>
  comment ? htmlToPlainText(comment).trim().slice(0, MAX_REVIEW_LENGTH) || null : null

/**
 * A learner rates a published deck (1 to 5, optional review). One rating per
 * learner: a second call replaces the first, so a retried request lands once.
 * The deck's ratings_count and ratings_sum move with it in the same
 * transaction, under the deck row's lock. The author may not rate their own.
 */
export async function rateLibraryDeck(
  user: User,
  input: Infer<typeof rateDeckValidator> & { id: number },
  options: ActionOptions = {}
) {
  const { id: publicDeckId, rating, comment } = input
  return withTransaction(options.trx, async (trx) => {
    const deck = await PublicDeck.query({ client: trx })
      .withScopes((scopes) => scopes.published())
      .where('public_decks.id', publicDeckId)
      .forUpdate()
      .first()
    if (!deck) throw ApiException.notFound()
    if (deck.userId === user.id) throw ApiException.of('E_OWN_DECK')
    const existing = await LibraryRating.query({ client: trx })
      .where('public_deck_id', deck.id)
      .where('user_id', user.id)
      .first()
    const saved = existing ?? new LibraryRating().fill({ publicDeckId: deck.id, userId: user.id })
    saved.useTransaction(trx)
    deck.ratingsSum += rating - (existing?.rating ?? 0)
    if (!existing) deck.ratingsCount += 1
    saved.merge({ rating, comment: plainComment(comment) })
    await saved.save()
    await deck.save()
    await saved.load('author')
    return { rating: saved, deck }
  })
}
