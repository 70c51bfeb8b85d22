import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type PublicDeck from '#models/public_deck'
import type User from '#models/user'
import type { LibraryDeckView } from '#queries/library/library_decks'
import { appUrl } from '#config/app'
import { preview } from '#note_types/plain_text'
import { avatarUrlOf } from '#transformers/user_transformer'
import LibraryCategoryTransformer, {
  libraryIconUrl,
} from '#transformers/library_category_transformer'

const DEFAULT_LOOK = { icon: 'book', gradientFrom: '#475569', gradientTo: '#94A3B8' }

const deckUrl = (slug: string) => `${appUrl}/library/decks/${slug}`

/** The spec's library author, as a deck, a review and a public profile name them. */
export function libraryAuthor(user: User) {
  return {
    avatarColor: user.avatarColor,
    avatarUrl: avatarUrlOf(user),
    id: user.id,
    name: user.name,
    username: user.username,
  }
}

/** A deck's rating: the average to one decimal, the count, and the count of each star ("1" to "5"). */
export function libraryRatingOf(deck: PublicDeck, breakdown: number[]) {
  const average = deck.ratingsCount
    ? Math.round((deck.ratingsSum / deck.ratingsCount) * 10) / 10
    : 0
  const ratingBreakdown = Object.fromEntries(
    breakdown.map((count, index) => [String(index + 1), count])
  )
  return { average, count: deck.ratingsCount, ratingBreakdown }
}

/** The spec's public library deck. */
export default class LibraryDeckTransformer extends BaseTransformer<LibraryDeckView> {
  constructor(
    view: LibraryDeckView,
    protected i18n: I18n
  ) {
    super(view)
  }

  toObject() {
    const { deck, placement, breakdown, reviewsCount } = this.resource
    const look = placement?.category ?? DEFAULT_LOOK
    return {
      id: deck.id,
      name: deck.name,
      notesCount: deck.notesCount,
      cardsCount: deck.cardsCount,
      description: deck.description,
      author: libraryAuthor(deck.author),
      seoDescription: preview(deck.description, 160),
      slug: deck.slug,
      downloadsCount: deck.downloadsCount,
      category: placement
        ? {
            ...new LibraryCategoryTransformer(placement.category, this.i18n).toObject(),
            subcategory: placement.subcategory
              ? new LibraryCategoryTransformer(
                  placement.subcategory,
                  this.i18n,
                  placement.category
                ).toObject()
              : null,
          }
        : null,
      isIndexable: deck.isIndexable,
      studiersCount: deck.studiersCount,
      reviewsCount,
      sharingLink: deckUrl(deck.slug),
      iconUrl: libraryIconUrl(look.icon),
      rating: libraryRatingOf(deck, breakdown),
      gradientColors: { from: look.gradientFrom, to: look.gradientTo },
    }
  }
}
