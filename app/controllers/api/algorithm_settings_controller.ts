import type { HttpContext } from '@adonisjs/core/http'
import { showAlgorithmSettings, updateAlgorithmSettings } from '#actions/learning/algorithm_settings'
import { algorithmSettingsValidator } from '#validators/learning'

export default class AlgorithmSettingsController {
  async show({ auth, params }: HttpContext) {
    return showAlgorithmSettings(auth.use('api').getUserOrFail(), params.deckId)
  }

  async update({ auth, params, request }: HttpContext) {
    const input = await request.validateUsing(algorithmSettingsValidator)
    return updateAlgorithmSettings(auth.use('api').getUserOrFail(), params.deckId, {
      algorithmPreset: input.algorithm_preset,
      stepsInMinutes: input.steps_in_minutes,
      easyBonusPercent: input.easy_bonus_percent,
      intervalModifierPercent: input.interval_modifier_percent,
      maxIntervalMinutes: input.max_interval_minutes,
      smartScheduling: input.smart_scheduling,
      desiredRetention: input.desired_retention,
      confirmReset: input.confirm_reset,
    })
  }
}
