import type { HttpContext } from '@adonisjs/core/http'
import ApiException from '#exceptions/api_exception'
import type Deck from '#models/deck'
import { updateAlgorithmSettings } from '#actions/learning/update_algorithm_settings'
import { deckWithRoot } from '#queries/learning/algorithm_settings'
import AlgorithmSettingsTransformer from '#transformers/algorithm_settings_transformer'
import { serialize } from '#transformers/serialize'
import { wantsJson } from '#services/request_locale'
import { algorithmSettingsValidator } from '#validators/learning'

/** The deck's algorithm settings dialog: its data as JSON, its form as an Inertia visit. */
export default class AlgorithmSettingsController {
  async show(ctx: HttpContext) {
    const { root, deck } = await deckWithRoot(ctx.auth.use('web').getUserOrFail(), ctx.params.id)
    const sheet = AlgorithmSettingsTransformer.transform(root, deck).useVariant('forEditor')
    if (wantsJson(ctx)) return serialize(sheet)
    /* the sheet is a dialog, not a page: an address typed by hand lands on the deck */
    return ctx.response.redirect(`/decks/${deck.id}?tab=settings`)
  }

  async update(ctx: HttpContext) {
    const { auth, params, request, response, session, i18n } = ctx
    const user = auth.use('web').getUserOrFail()
    const input = await request.validateUsing(algorithmSettingsValidator)
    /* a confirmed switch between the two study modes resets progress: the toast says so */
    const before = input.confirm_reset ? await deckWithRoot(user, params.id) : null
    const typeOf = (root: Deck) => new AlgorithmSettingsTransformer(root).toObject().algorithmType
    const typeBefore = before ? typeOf(before.root) : null
    let root: Awaited<ReturnType<typeof updateAlgorithmSettings>>
    try {
      root = await updateAlgorithmSettings(user, { ...input, id: params.id })
    } catch (error) {
      const question =
        error instanceof ApiException && error.code === 'E_ALGORITHM_RESET_CONFIRMATION'
      if (!question || wantsJson(ctx)) throw error
      /*
       * Not a failure but a question: it comes back as the form's
       * `confirm_reset` error, which the dialog turns into its confirm step,
       * rather than as the page's error toast.
       */
      session.flash('inputErrorsBag', {
        confirm_reset: [i18n.t('errors.algorithm_reset_confirmation.title')],
      })
      return response.redirect().withQs().back()
    }
    if (wantsJson(ctx)) return serialize(AlgorithmSettingsTransformer.transform(root))
    const reset = typeBefore !== null && typeBefore !== typeOf(root)
    session.flash(
      'success',
      i18n.t(reset ? 'ui.algorithm.flash.switched' : 'ui.algorithm.flash.saved')
    )
    return response.redirect().withQs().back()
  }
}
