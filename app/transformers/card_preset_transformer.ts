import { BaseTransformer } from '@adonisjs/core/transformers'
import type CardPreset from '#models/card_preset'
import { COLOR_FIELDS, type PresetColors } from '#services/card_presets/types'

type ColorField = (typeof COLOR_FIELDS)[number]
const allColors = (colors: PresetColors) =>
  Object.fromEntries(COLOR_FIELDS.map((field) => [field, colors[field] ?? null])) as Record<
    ColorField,
    string | null
  >

/** The spec's Card preset entity. */
export default class CardPresetTransformer extends BaseTransformer<CardPreset> {
  toObject() {
    const preset = this.resource
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
}
