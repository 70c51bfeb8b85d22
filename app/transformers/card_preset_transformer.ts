import type CardPreset from '#models/card_preset'
import type Deck from '#models/deck'
import { appearanceCss, effectiveFonts, surroundings } from '#services/card_presets/appearance'
import { COLOR_FIELDS, defaultLook, type PresetColors, type PresetLook } from '#services/card_presets/types'

const allColors = (colors: PresetColors) => Object.fromEntries(COLOR_FIELDS.map((field) => [field, colors[field] ?? null])) as Record<(typeof COLOR_FIELDS)[number], string | null>

/** The spec's Card preset entity, and the appearance a deck's cards render with. */
export default class CardPresetTransformer {
  static forApi(preset: CardPreset) {
    const look = preset.look
    return {
      id: preset.id,
      name: preset.name,
      userId: preset.userId,
      key: preset.key,
      isBuiltIn: preset.isBuiltIn,
      fontFamily: look.fontFamily,
      fontSettings: look.fontSettings,
      cornerRadius: look.cornerRadius,
      borderThickness: look.borderThickness,
      separatorThickness: look.separatorThickness,
      ...allColors(look.colors),
      dark: allColors(look.dark),
      customCss: preset.customCss,
    }
  }

  static list(presets: CardPreset[]) {
    return presets.map((preset) => this.forApi(preset))
  }

  /**
   * How a deck's cards look: the preset's id, the fonts per screen size
   * after the deck's own choices, the colours around the card, and the
   * frame's CSS (fonts, colours, then the preset's confined custom CSS).
   */
  static appearance(deck: Pick<Deck, 'fontSettings'>, preset: CardPreset | null) {
    const look: PresetLook = preset?.look ?? defaultLook()
    return {
      cardPresetId: preset?.id ?? null,
      fontSettings: Object.fromEntries(Object.entries(effectiveFonts(look, deck.fontSettings ?? {})).map(([device, { font, family }]) => [device, { ...font, fontFamily: family }])),
      surroundings: surroundings(look),
      css: appearanceCss(look, deck.fontSettings ?? {}, preset?.scopedCss ?? ''),
    }
  }
}
