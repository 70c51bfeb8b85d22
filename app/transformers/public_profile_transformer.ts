import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import type { LibraryDeckView } from '#queries/library/library_decks'
import LibraryDeckTransformer, { libraryAuthor } from '#transformers/library_deck_transformer'

/* only http(s) links leave the server: a profile's links are shown as links */
const webLinks = (links: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(links).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && /^https?:\/\//i.test(entry[1])
    )
  )

/** A user and the decks they published (findPublicProfile, with the decks presented). */
export type PublicProfile = { user: User; decks: LibraryDeckView[] }

/** The spec's user public profile; rating stats and learners summed over the published decks. */
export default class PublicProfileTransformer extends BaseTransformer<PublicProfile> {
  constructor(
    profile: PublicProfile,
    protected i18n: I18n
  ) {
    super(profile)
  }

  toObject() {
    const { user, decks } = this.resource
    const totalRatings = decks.reduce((sum, { deck }) => sum + deck.ratingsCount, 0)
    const ratingsSum = decks.reduce((sum, { deck }) => sum + deck.ratingsSum, 0)
    const averageRating = totalRatings ? Math.round((ratingsSum / totalRatings) * 10) / 10 : 0
    return {
      ...libraryAuthor(user),
      ratingStats: { averageRating, totalRatings },
      totalStudiers: decks.reduce((sum, { deck }) => sum + deck.studiersCount, 0),
      publishedDecks: LibraryDeckTransformer.transform(decks, this.i18n),
      about: user.about,
      socialLinks: webLinks(user.socialLinks ?? {}),
    }
  }
}
