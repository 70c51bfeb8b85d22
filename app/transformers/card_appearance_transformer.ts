import { BaseTransformer } from '@adonisjs/core/transformers'
import type CardPreset from '#models/card_preset'
import type Deck from '#models/deck'
import { appearanceCss, effectiveFonts, surroundings } from '#services/card_presets/appearance'
import { defaultLook, type PresetLook } from '#services/card_presets/types'

/** A deck's fonts and its preset (none: the default look), which together make its cards' look. */
export type DeckLook = { deck: Pick<Deck, 'fontSettings'>; preset: CardPreset | null }

/**
 * How a deck's cards look: the preset's id, the fonts per screen size
 * after the deck's own choices, the colours around the card, and the
 * frame's CSS (fonts, colours, then the preset's confined custom CSS).
 */
export default class CardAppearanceTransformer extends BaseTransformer<DeckLook> {
  toObject() {
    const { deck, preset } = this.resource
    const look: PresetLook = preset?.look ?? defaultLook()
    const fonts = effectiveFonts(look, deck.fontSettings ?? {})
    return {
      cardPresetId: preset?.id ?? null,
      fontSettings: Object.fromEntries(
        Object.entries(fonts).map(([device, { font, family }]) => [
          device,
          { ...font, fontFamily: family },
        ])
      ),
      surroundings: surroundings(look),
      css: appearanceCss(look, deck.fontSettings ?? {}, preset?.scopedCss ?? ''),
    }
  }
}
