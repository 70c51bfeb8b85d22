import type { HttpContext } from '@adonisjs/core/http'
import { createCardPreset, deleteCardPreset, updateCardPreset } from '#actions/card_presets/save_card_preset'
import { listPresets } from '#queries/card_presets/find_presets'
import CardPresetTransformer from '#transformers/card_preset_transformer'
import { createPresetValidator, updatePresetValidator } from '#validators/card_presets'

/** GET card_presets (the spec's list), and the learner's own presets (additions). */
export default class CardPresetsController {
  async index({ auth }: HttpContext) {
    return CardPresetTransformer.list(await listPresets(auth.use('api').getUserOrFail()))
  }

  async store({ auth, request, response }: HttpContext) {
    const { card_preset: input } = await request.validateUsing(createPresetValidator)
    return response.created(CardPresetTransformer.forApi(await createCardPreset(auth.use('api').getUserOrFail(), input)))
  }

  async update({ auth, request, params }: HttpContext) {
    const { card_preset: input } = await request.validateUsing(updatePresetValidator)
    return CardPresetTransformer.forApi(await updateCardPreset(auth.use('api').getUserOrFail(), { ...input, id: params.id }))
  }

  async destroy({ auth, params, response }: HttpContext) {
    await deleteCardPreset(auth.use('api').getUserOrFail(), { id: params.id })
    return response.noContent()
  }
}
