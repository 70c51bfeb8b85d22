import type { I18n } from '@adonisjs/i18n'
import type User from '#models/user'
import type { LibraryDeckView } from '#queries/library/library_decks'
import { FEATURED_GUIDES } from '#services/articles/featured_guides'
import { appUrl } from '#config/app'
import LibraryTransformer from '#transformers/library_transformer'

/* only http(s) links leave the server: a profile's links are shown as links */
const webLinks = (links: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(links).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:\/\//i.test(entry[1])))

export default class PublicProfileTransformer {
  /** The spec's user public profile; rating stats and learners summed over the published decks. */
  static profile(i18n: I18n, user: User, decks: LibraryDeckView[]) {
    const totalRatings = decks.reduce((sum, { deck }) => sum + deck.ratingsCount, 0)
    const ratingsSum = decks.reduce((sum, { deck }) => sum + deck.ratingsSum, 0)
    return {
      ...LibraryTransformer.author(user),
      ratingStats: { averageRating: totalRatings ? Math.round((ratingsSum / totalRatings) * 10) / 10 : 0, totalRatings },
      totalStudiers: decks.reduce((sum, { deck }) => sum + deck.studiersCount, 0),
      publishedDecks: LibraryTransformer.decks(i18n, decks),
      about: user.about,
      socialLinks: webLinks(user.socialLinks ?? {}),
    }
  }

  static guides(i18n: I18n) {
    return FEATURED_GUIDES.map((guide) => ({ id: guide.id, title: i18n.t(`articles.guides.${guide.id}.title`), url: `${appUrl}${guide.path}` }))
  }
}
