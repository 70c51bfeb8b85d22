import type { I18n } from '@adonisjs/i18n'
import type LibraryCategory from '#models/library_category'
import type LibraryNote from '#models/library_note'
import type LibraryRating from '#models/library_rating'
import type NoteType from '#models/note_type'
import type PublicDeck from '#models/public_deck'
import type User from '#models/user'
import type { CategoryNode } from '#queries/library/categories'
import type { LibraryDeckView } from '#queries/library/library_decks'
import { appUrl } from '#config/app'
import { cardLabel, cardOrdinals, renderCard } from '#note_types/cards'
import { preview } from '#note_types/plain_text'
import { avatarUrlOf } from '#transformers/user_transformer'

const DEFAULT_LOOK = { icon: 'book', gradientFrom: '#475569', gradientTo: '#94A3B8' }

const iconUrl = (icon: string) => `${appUrl}/library/icons/${icon}.svg`
const deckUrl = (slug: string) => `${appUrl}/library/decks/${slug}`
const answerPart = (html: string) => html.split(/<hr[^>]*id=["']?answer["']?[^>]*>/i).pop() ?? html

/** Shapes the library for the API and the pages alike (the spec's Library entities). */
export default class LibraryTransformer {
  static categoryName(i18n: I18n, category: LibraryCategory, parent?: LibraryCategory | null) {
    return parent
      ? i18n.t(`ui.library.categories.${parent.key}.subs.${category.key}`)
      : i18n.t(`ui.library.categories.${category.key}.name`)
  }

  /** The spec's category: key, name, icons, gradient; a subcategory names its parent's key too. */
  static category(i18n: I18n, category: LibraryCategory, parent: LibraryCategory | null = null) {
    return {
      key: category.key,
      name: this.categoryName(i18n, category, parent),
      iconUrl: iconUrl(category.icon),
      listIconUrl: `${iconUrl(category.icon)}?variant=list`,
      gradientColors: { from: category.gradientFrom, to: category.gradientTo },
      ...(parent ? { categoryKey: parent.key } : {}),
    }
  }

  static categories(i18n: I18n, tree: CategoryNode[]) {
    return tree.map(({ category, subcategories }) => ({
      ...this.category(i18n, category),
      subcategories: subcategories.map((sub) => this.category(i18n, sub, category)),
    }))
  }

  static author(user: User) {
    return { avatarColor: user.avatarColor, avatarUrl: avatarUrlOf(user), id: user.id, name: user.name, username: user.username }
  }

  static ratingOf(deck: PublicDeck, breakdown: number[]) {
    const average = deck.ratingsCount ? Math.round((deck.ratingsSum / deck.ratingsCount) * 10) / 10 : 0
    return { average, count: deck.ratingsCount, ratingBreakdown: Object.fromEntries(breakdown.map((count, index) => [String(index + 1), count])) }
  }

  /** The spec's public library deck. */
  static deck(i18n: I18n, { deck, placement, breakdown, reviewsCount }: LibraryDeckView) {
    const look = placement?.category ?? DEFAULT_LOOK
    return {
      id: deck.id,
      name: deck.name,
      notesCount: deck.notesCount,
      cardsCount: deck.cardsCount,
      description: deck.description,
      author: this.author(deck.author),
      seoDescription: preview(deck.description, 160),
      slug: deck.slug,
      downloadsCount: deck.downloadsCount,
      category: placement
        ? {
            ...this.category(i18n, placement.category),
            subcategory: placement.subcategory ? this.category(i18n, placement.subcategory, placement.category) : null,
          }
        : null,
      isIndexable: deck.isIndexable,
      studiersCount: deck.studiersCount,
      reviewsCount,
      sharingLink: deckUrl(deck.slug),
      iconUrl: iconUrl(look.icon),
      rating: this.ratingOf(deck, breakdown),
      gradientColors: { from: look.gradientFrom, to: look.gradientTo },
    }
  }

  static decks(i18n: I18n, views: LibraryDeckView[]) {
    return views.map((view) => this.deck(i18n, view))
  }

  /** The spec's note search item: a library note (prefixed id) with its first card's sides, sanitized. */
  static note(note: LibraryNote, noteType: NoteType | undefined) {
    const definition = noteType?.definition
    const ords = definition ? cardOrdinals(definition, note.fields, note.fieldAttachmentsMap) : []
    const ord = ords.length ? Math.min(...ords) : 0
    let front = ''
    let back = ''
    if (definition) {
      try {
        const card = renderCard(definition, note.fields, ord, { attachments: note.fieldAttachmentsMap, tags: note.tags })
        front = card.front
        back = answerPart(card.back)
      } catch {
        /* a note frozen with a type that lost its template shows its text only */
      }
    }
    const label = note.isReversed ? { type: 'reversed' } : definition && (definition.isCloze || definition.kind === 'image_occlusion') ? cardLabel(definition, ord) : null
    return {
      id: `lib_${note.id}`,
      front: { html: front, preview: preview(front) || preview(note.sortText) },
      back: { html: back, preview: preview(back) },
      hasImage: note.hasImage,
      hasAudio: note.hasAudio,
      label,
      numberOfCards: note.cardsCount,
    }
  }

  /** The spec's library deck review. */
  static review(rating: LibraryRating) {
    return {
      id: rating.id,
      rating: rating.rating,
      comment: rating.comment,
      createdAt: rating.createdAt.toISO()!,
      updatedAt: rating.updatedAt.toISO()!,
      author: this.author(rating.author),
    }
  }

  static ratingStats(deck: PublicDeck, breakdown: number[]) {
    const { average, count, ratingBreakdown } = this.ratingOf(deck, breakdown)
    return { averageRating: average, totalRatings: count, breakdown: ratingBreakdown }
  }
}
