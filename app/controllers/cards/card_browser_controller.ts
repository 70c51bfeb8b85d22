import type { HttpContext } from '@adonisjs/core/http'
import ApiException from '#exceptions/api_exception'
import { browserBulk } from '#actions/cards/browser_bulk'
import { browseCards, type BrowserSort } from '#queries/cards/browse_cards'
import { cardSearch } from '#queries/cards/card_search'
import { destinations } from '#controllers/decks/deck_page_props'
import { cardMarks } from '#queries/learning/card_marks'
import CardBrowserPageTransformer from '#transformers/card_browser_page_transformer'
import { browseCardsValidator, browserBulkValidator } from '#validators/cards'

/** The browser's page size. */
export const BROWSER_PAGE = 50

const DONE = {
  freeze: 'ui.decks.flash.bulk_freeze',
  unfreeze: 'ui.decks.flash.bulk_unfreeze',
  suspend: 'ui.decks.flash.bulk_suspend',
  unsuspend: 'ui.decks.flash.bulk_unsuspend',
  reset_progress: 'ui.decks.flash.bulk_reset_progress',
  tag: 'ui.browser.flash.tagged',
  move: 'ui.browser.flash.moving',
  flag: 'ui.browser.flash.flagged',
} as const

/**
 * The card browser: every card the learner may see, found with the card search language, sorted, paged, acted
 * on in bulk.
 */
export default class CardBrowserController {
  /**
   * GET /cards?q&sort&order&page: a malformed search shows the page with the error (where, what) under the
   * box, and no cards.
   */
  async show({ auth, request, inertia, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    /* a stale or hand-edited sort or page falls back to the defaults rather than failing */
    const [, input] = await browseCardsValidator.tryValidate(request.qs())
    const q =
      input?.q ?? (typeof request.qs().q === 'string' ? String(request.qs().q).slice(0, 1000) : '')
    const sort: BrowserSort = input?.sort ?? 'added'
    const order = input?.order ?? 'desc'
    const page = input?.page ?? 1
    let found = null
    let error = null
    try {
      const search = cardSearch(user, q, 'q')
      const scope = { userId: user.id }
      found = await browseCards(search, scope, {
        sort,
        order,
        offset: (page - 1) * BROWSER_PAGE,
        limit: BROWSER_PAGE,
      })
      /* past the end (the last cards just moved away): the last page instead */
      const last = Math.max(1, Math.ceil(found.total / BROWSER_PAGE))
      if (page > last)
        found = await browseCards(search, scope, {
          sort,
          order,
          offset: (last - 1) * BROWSER_PAGE,
          limit: BROWSER_PAGE,
        })
    } catch (refusal) {
      if (!(refusal instanceof ApiException) || refusal.code !== 'E_INVALID_SEARCH') throw refusal
      const values = refusal.options.values ?? {}
      const message =
        `${i18n.t('errors.invalid_search.title', values)}. ` +
        `${i18n.t('errors.invalid_search.body', values)}`
      error = { position: Number(refusal.options.extra?.position ?? 0), message }
    }
    const search = { q, sort, order, error }
    const marks = await cardMarks(user.id, found?.cards.map((card) => card.id) ?? [])
    return inertia.render('cards/browser', {
      browser: CardBrowserPageTransformer.transform({ found, search, marks }, i18n),
      /* loaded when the move dialog opens */
      destinations: inertia.optional(() => destinations(user)),
    })
  }

  /**
   * POST /cards/bulk {bulk_action, note_ids, destination_deck_id?, tag?, card_ids?, flag?}: back to the same
   * search with a toast.
   */
  async bulk({ auth, request, response, session, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const input = await request.validateUsing(browserBulkValidator)
    const result = await browserBulk(user, input)
    const done =
      input.bulk_action === 'flag' && input.flag === 0
        ? 'ui.browser.flash.unflagged'
        : DONE[input.bulk_action]
    session.flash('success', i18n.t(done, { count: result.count, tag: input.tag ?? '' }))
    return response.redirect().back()
  }
}
