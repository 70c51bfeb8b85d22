import type { Infer } from '@vinejs/vine/types'
import type { createPresetValidator, updatePresetValidator } from '#validators/card_presets'
import ApiException from '#exceptions/api_exception'
import CardPreset from '#models/card_preset'
import type User from '#models/user'
import { findOwnPreset } from '#queries/card_presets/find_presets'
import { scopeCardCss } from '#services/card_presets/scope_css'
import { COLOR_FIELDS, DEVICES, type PresetColors } from '#services/card_presets/types'
import { withTransaction, type ActionOptions } from '#actions/action'

/** How many presets of their own a learner keeps (a style library, not storage). */
export const OWN_PRESETS_MAX = 50

export type PresetInput =
  | Infer<typeof updatePresetValidator>['card_preset']
  | Infer<typeof createPresetValidator>['card_preset']

function colorsOf(input: PresetColors | undefined, base: PresetColors) {
  if (!input) return base
  const merged: PresetColors = { ...base }
  for (const field of COLOR_FIELDS)
    if (input[field] !== undefined) merged[field] = input[field] || null
  return merged
}

/** The validated body onto a preset (new or stored); fields left out keep their value. */
export function applyPresetInput(preset: CardPreset, input: PresetInput) {
  if (input.name !== undefined) preset.name = input.name
  if (input.font_family !== undefined) preset.fontFamily = input.font_family
  if (input.font_settings) {
    const fonts = { ...(preset.fontSettings ?? {}) }
    for (const device of DEVICES) {
      const given = input.font_settings[device]
      if (given)
        fonts[device] = {
          ...(fonts[device] ?? {}),
          ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
        }
    }
    preset.fontSettings = fonts
  }
  if (input.corner_radius !== undefined) preset.cornerRadius = input.corner_radius
  if (input.border_thickness !== undefined) preset.borderThickness = input.border_thickness
  if (input.separator_thickness !== undefined) preset.separatorThickness = input.separator_thickness
  preset.colors = colorsOf(input.colors, preset.colors ?? {})
  preset.darkColors = colorsOf(input.dark, preset.darkColors ?? {})
  if (input.custom_css !== undefined) {
    preset.customCss = input.custom_css ?? ''
    preset.scopedCss = scopeCardCss(preset.customCss)
  }
  return preset
}

/** POST card_presets: a learner's own preset. */
export async function createCardPreset(
  user: User,
  input: Infer<typeof createPresetValidator>['card_preset'],
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    /* the learner's row, locked: two creations at once count each other */
    await trx.from('users').where('id', user.id).forUpdate().first()
    const [{ count }] = await trx.from('card_presets').where('user_id', user.id).count('* as count')
    if (Number(count) >= OWN_PRESETS_MAX) throw ApiException.of('E_TOO_MANY_PRESETS', { field: '' })
    const preset = new CardPreset()
    preset.merge({
      userId: user.id,
      fontFamily: 'default',
      fontSettings: {},
      cornerRadius: 12,
      borderThickness: 0,
      separatorThickness: 1,
      colors: {},
      darkColors: {},
      customCss: '',
      scopedCss: '',
    })
    applyPresetInput(preset, input)
    await preset.useTransaction(trx).save()
    return preset
  })
}

/** PUT card_presets/{id}: the learner's own preset only. */
export async function updateCardPreset(
  user: User,
  input: Infer<typeof updatePresetValidator>['card_preset'] & { id: unknown },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const preset = await findOwnPreset(user, input.id, trx)
    applyPresetInput(preset, input)
    await preset.useTransaction(trx).save()
    return preset
  })
}

/** DELETE card_presets/{id}: decks that used it go back to the default look (the foreign key's SET NULL). */
export async function deleteCardPreset(
  user: User,
  input: { id: unknown },
  options: ActionOptions = {}
) {
  await withTransaction(options.trx, async (trx) => {
    const preset = await findOwnPreset(user, input.id, trx)
    await preset.useTransaction(trx).delete()
  })
}
