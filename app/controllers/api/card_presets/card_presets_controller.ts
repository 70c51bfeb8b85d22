import type { HttpContext } from '@adonisjs/core/http'
import {
  createCardPreset,
  deleteCardPreset,
  updateCardPreset,
} from '#actions/card_presets/save_card_preset'
import { listPresets } from '#queries/card_presets/find_presets'
import CardPresetTransformer from '#transformers/card_preset_transformer'
import { serialize } from '#transformers/serialize'
import { createPresetValidator, updatePresetValidator } from '#validators/card_presets'

/** GET card_presets (the spec's list), and the learner's own presets (additions). */
export default class CardPresetsController {
  async index({ auth }: HttpContext) {
    return serialize(
      CardPresetTransformer.transform(await listPresets(auth.use('api').getUserOrFail()))
    )
  }

  async store({ auth, request, response }: HttpContext) {
    const { card_preset: input } = await request.validateUsing(createPresetValidator)
    const preset = await createCardPreset(auth.use('api').getUserOrFail(), input)
    return response.created(await serialize(CardPresetTransformer.transform(preset)))
  }

  async update({ auth, request, params }: HttpContext) {
    const { card_preset: input } = await request.validateUsing(updatePresetValidator)
    const preset = await updateCardPreset(auth.use('api').getUserOrFail(), {
      ...input,
      id: params.id,
    })
    return serialize(CardPresetTransformer.transform(preset))
  }

  async destroy({ auth, params, response }: HttpContext) {
    await deleteCardPreset(auth.use('api').getUserOrFail(), { id: params.id })
    return response.noContent()
  }
}
