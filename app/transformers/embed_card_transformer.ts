import { BaseTransformer } from '@adonisjs/core/transformers'
import type Card from '#models/card'
import type Deck from '#models/deck'
import { renderCard } from '#note_types/cards'

/* a file the card shows, named so the media route serves it to the embed's anonymous reader (find_media.ts) */
const MEDIA_URL = /\/media\/([0-9a-f-]{36}\.[a-z0-9]{1,8})(?![?\w])/gi

/** A card of the embed page, its sides rendered, its media reachable through the sharing token. */
export default class EmbedCardTransformer extends BaseTransformer<Card> {
  constructor(
    card: Card,
    protected token: string,
    protected deck: Deck
  ) {
    super(card)
  }

  toObject() {
    const card = this.resource
    const note = card.note
    const sides = renderCard(note.noteType.definition, note.fields, card.ord, {
      attachments: note.fieldAttachmentsMap,
      deckName: this.deck.name,
      tags: note.tags,
    })
    const withToken = (html: string) =>
      html.replace(MEDIA_URL, (url) => `${url}?embed=${encodeURIComponent(this.token)}`)
    return {
      id: card.id,
      front: withToken(sides.front),
      back: withToken(sides.back),
      css: sides.css,
    }
  }
}
