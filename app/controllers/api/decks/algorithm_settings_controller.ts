import type { HttpContext } from '@adonisjs/core/http'
import { updateAlgorithmSettings } from '#actions/learning/update_algorithm_settings'
import { deckWithRoot } from '#queries/learning/algorithm_settings'
import AlgorithmSettingsTransformer from '#transformers/algorithm_settings_transformer'
import { serialize } from '#transformers/serialize'
import { algorithmSettingsValidator } from '#validators/learning'

export default class AlgorithmSettingsController {
  async show({ auth, params }: HttpContext) {
    const { root, deck } = await deckWithRoot(auth.use('api').getUserOrFail(), params.deckId)
    return serialize(AlgorithmSettingsTransformer.transform(root, deck))
  }

  async update({ auth, params, request }: HttpContext) {
    const input = await request.validateUsing(algorithmSettingsValidator)
    const root = await updateAlgorithmSettings(auth.use('api').getUserOrFail(), {
      ...input,
      id: params.deckId,
    })
    return serialize(AlgorithmSettingsTransformer.transform(root))
  }
}
