import type Card from '#models/card'
import type Deck from '#models/deck'
import { renderCard } from '#note_types/cards'

/* a file the card shows, named so the media route serves it to the embed's anonymous reader (find_media.ts) */
const MEDIA_URL = /\/media\/([0-9a-f-]{36}\.[a-z0-9]{1,8})(?![?\w])/gi

/** The embed page (read-only study of a shared deck) and the snippet that frames it. */
export default class EmbedTransformer {
  static page(token: string, deck: Deck | null, cards: Card[]) {
    if (!deck) return { unavailable: true as const, deck: null, cards: [] }
    return {
      unavailable: false as const,
      deck: { name: deck.name },
      cards: cards.map((card) => this.card(token, deck, card)),
    }
  }

  static card(token: string, deck: Deck, card: Card) {
    const note = card.note
    const sides = renderCard(note.noteType.definition, note.fields, card.ord, {
      attachments: note.fieldAttachmentsMap, deckName: deck.name, tags: note.tags,
    })
    const withToken = (html: string) => html.replace(MEDIA_URL, (url) => `${url}?embed=${encodeURIComponent(token)}`)
    return { id: card.id, front: withToken(sides.front), back: withToken(sides.back), css: sides.css }
  }

  /** The snippet a sharing dialog offers: an <iframe> of the embed page. */
  static snippet(origin: string, deck: Deck) {
    const url = `${origin}/embed/${deck.sharingToken}`
    const title = deck.name.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
    return { url, embedSnippet: `<iframe src="${url}" title="${title}" width="100%" height="480" style="border:0" loading="lazy"></iframe>` }
  }
}
