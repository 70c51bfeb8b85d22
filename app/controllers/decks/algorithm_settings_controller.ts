import type { HttpContext } from '@adonisjs/core/http'
import ApiException from '#exceptions/api_exception'
import { algorithmSettingsInput, showAlgorithmSettings, updateAlgorithmSettings } from '#actions/learning/algorithm_settings'
import { PRESETS, PRESET_NAMES, formatSteps, type PresetName } from '#scheduling/presets'
import { wantsJson } from '#services/request_locale'
import { algorithmSettingsValidator } from '#validators/learning'

/**
 * Each preset's documented values in the sheet's terms, so the sheet can show
 * what a named preset means (read-only) without a client-side copy of them.
 */
function presetValues() {
  const entries = PRESET_NAMES.map((name) => {
    const { type, sm2, desiredRetention, newCardsPerDay, maxCardsPerDay } = PRESETS[name]
    return [
      name,
      {
        algorithmType: type,
        stepsInMinutes: formatSteps(sm2.learningStepsMinutes),
        relearningStepsInMinutes: formatSteps(sm2.relearningStepsMinutes),
        graduatingIntervalDays: sm2.graduatingIntervalDays,
        easyIntervalDays: sm2.easyIntervalDays,
        easyBonus: sm2.easyBonus,
        intervalModifier: sm2.intervalModifier,
        maxIntervalDays: sm2.maximumIntervalDays,
        desiredRetention,
        newCardsPerDay,
        maxCardsPerDay,
      },
    ] as const
  })
  return Object.fromEntries(entries) as Record<PresetName, (typeof entries)[number][1]>
}

async function sheet(ctx: HttpContext) {
  const settings = await showAlgorithmSettings(ctx.auth.use('web').getUserOrFail(), ctx.params.id)
  return { ...settings, presets: presetValues() }
}

/** What GET /decks/:id/algorithm answers the dialog. */
export type AlgorithmSheet = Awaited<ReturnType<typeof sheet>>

/** The deck's algorithm settings dialog: its data as JSON, its form as an Inertia visit. */
export default class AlgorithmSettingsController {
  async show(ctx: HttpContext) {
    const data = await sheet(ctx)
    /* a background call must not eat the toast meant for the page */
    ctx.session.reflash()
    if (wantsJson(ctx)) return data
    /* the sheet is a dialog, not a page: an address typed by hand lands on the deck */
    return ctx.response.redirect(`/decks/${data.deckId}?tab=settings`)
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session, i18n } = ctx
    const user = auth.use('web').getUserOrFail()
    const input = await request.validateUsing(algorithmSettingsValidator)
    /* a confirmed switch between the two study modes resets progress: the toast says so */
    const typeBefore = input.confirm_reset ? (await showAlgorithmSettings(user, params.id)).algorithmType : null
    let saved: Awaited<ReturnType<typeof updateAlgorithmSettings>>
    try {
      saved = await updateAlgorithmSettings(user, params.id, algorithmSettingsInput(input))
    } catch (error) {
      const question = error instanceof ApiException && error.code === 'E_ALGORITHM_RESET_CONFIRMATION'
      if (!question || wantsJson(ctx)) throw error
      /*
       * Not a failure but a question: it comes back as the form's
       * `confirm_reset` error, which the dialog turns into its confirm step,
       * rather than as the page's error toast.
       */
      session.flash('inputErrorsBag', { confirm_reset: [i18n.t('errors.algorithm_reset_confirmation.title')] })
      return response.redirect().withQs().back()
    }
    if (wantsJson(ctx)) return saved
    const reset = typeBefore !== null && typeBefore !== saved.algorithmType
    session.flash('success', i18n.t(reset ? 'ui.algorithm.flash.switched' : 'ui.algorithm.flash.saved'))
    return response.redirect().withQs().back()
  }
}
