import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import type { cardLabel } from '#note_types/cards'

type CardLabel = ReturnType<typeof cardLabel>

/** What previewNote renders: each card's sides, and whether the type is a learner's own. */
type Preview = {
  css: string
  custom: boolean
  cards: { ord: number; label: CardLabel; front: string; back: string }[]
}

/**
 * A card's name: a custom type's by its template; the built-ins' in the reader's language ("Card 1",
 * "Reversed", "Cloze 2").
 */
export function cardName(i18n: I18n, label: CardLabel, ord: number, custom: boolean) {
  if (label.type === 'standard' && custom) return label.template
  const n =
    label.type === 'cloze' ? label.index : label.type === 'occlusion' ? label.group : ord + 1
  return i18n.t(`ui.cards.labels.${label.type}`, { n })
}

/** Every card a note would make, rendered and sanitized (nothing saved). */
export default class NotePreviewTransformer extends BaseTransformer<Preview> {
  constructor(
    preview: Preview,
    protected i18n: I18n
  ) {
    super(preview)
  }

  /** POST notes/preview, as the study screen would show each card. */
  toObject() {
    return this.pick(this.resource, ['cards', 'custom', 'css'])
  }

  /** The web editor's preview: each card's sides, named in the reader's language. */
  forEditor() {
    const preview = this.resource
    return {
      css: preview.css,
      cards: preview.cards.map((card) => ({
        ...card,
        label: cardName(this.i18n, card.label, card.ord, preview.custom),
      })),
    }
  }
}
