import type { HttpContext } from '@adonisjs/core/http'
import { algorithmSettingsInput, showAlgorithmSettings, updateAlgorithmSettings } from '#actions/learning/algorithm_settings'
import { algorithmSettingsValidator } from '#validators/learning'

export default class AlgorithmSettingsController {
  async show({ auth, params }: HttpContext) {
    return showAlgorithmSettings(auth.use('api').getUserOrFail(), params.deckId)
  }

  async update({ auth, params, request }: HttpContext) {
    const input = await request.validateUsing(algorithmSettingsValidator)
    return updateAlgorithmSettings(auth.use('api').getUserOrFail(), params.deckId, algorithmSettingsInput(input))
  }
}
