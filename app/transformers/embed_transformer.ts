import { BaseTransformer } from '@adonisjs/core/transformers'
import type Deck from '#models/deck'

/** A shared deck framed on other sites: the snippet a sharing dialog offers, and the embed page's deck. */
export default class EmbedTransformer extends BaseTransformer<Deck> {
  /** `origin`: where the embed page is served from (where the sharing link points) */
  constructor(
    deck: Deck,
    protected origin = ''
  ) {
    super(deck)
  }

  /** The snippet: an <iframe> of the embed page. */
  toObject() {
    const deck = this.resource
    const url = `${this.origin}/embed/${deck.sharingToken}`
    const title = deck.name.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
    return {
      url,
      embedSnippet:
        `<iframe src="${url}" title="${title}" width="100%" height="480" ` +
        `style="border:0" loading="lazy"></iframe>`,
    }
  }

  /** The embed page's deck (read-only study of a shared deck). */
  forPage() {
    return { name: this.resource.name }
  }
}
