import vine from '@vinejs/vine'
import { ALIGNMENTS, CARD_FONTS, COLOR_FIELDS } from '#services/card_presets/types'
import { CUSTOM_CSS_MAX } from '#services/card_presets/scope_css'

/*
 * colours are hex (#rgb, #rrggbb, with alpha); images are same-origin paths or data: images, checked again
 * where CSS is made
 */
const HEX = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/
const colorValue = () => vine.string().trim().regex(HEX).nullable().optional()
const imageValue = () => vine.string().trim().maxLength(2000).nullable().optional()

const variant = () =>
  vine
    .object(
      Object.fromEntries(
        COLOR_FIELDS.map((field) => [field, /Url$/.test(field) ? imageValue() : colorValue()])
      ) as Record<(typeof COLOR_FIELDS)[number], ReturnType<typeof colorValue>>
    )
    .optional()

const presetFont = () =>
  vine
    .object({
      fontSize: vine.number().range([8, 72]).optional(),
      fontAlignment: vine.enum(ALIGNMENTS).optional(),
      lineSpacing: vine.number().range([0.8, 4]).optional(),
      characterSpacing: vine.number().range([-5, 20]).optional(),
      wordSpacing: vine.number().range([-10, 40]).optional(),
    })
    .optional()

const presetFields = {
  name: vine.string().trim().minLength(1).maxLength(60),
  font_family: vine.enum(CARD_FONTS).optional(),
  font_settings: vine
    .object({ desktop: presetFont(), tablet: presetFont(), phone: presetFont() })
    .optional(),
  corner_radius: vine.number().withoutDecimals().range([0, 64]).optional(),
  border_thickness: vine.number().withoutDecimals().range([0, 16]).optional(),
  separator_thickness: vine.number().withoutDecimals().range([0, 16]).optional(),
  colors: variant(),
  dark: variant(),
  custom_css: vine.string().maxLength(CUSTOM_CSS_MAX).nullable().optional(),
}

/* POST card_presets {card_preset: {...}} (an addition: the spec lists GET only) */
export const createPresetValidator = vine.create({ card_preset: vine.object(presetFields) })

/* PUT card_presets/{id}: the fields to change */
export const updatePresetValidator = vine.create({
  card_preset: vine.object({ ...presetFields, name: presetFields.name.optional() }),
})

/* the card-style screen's live preview: a look not saved yet */
export const previewPresetValidator = vine.create({
  card_preset: vine.object({ ...presetFields, name: presetFields.name.optional() }),
  deck_id: vine.number().withoutDecimals().range([1, 2147483647]).optional(),
})
