import type { HttpContext } from '@adonisjs/core/http'
import { publishDeck } from '#actions/publishing/publish_deck'
import { unpublishRevision } from '#actions/publishing/unpublish_revision'
import { pullLibraryUpdate } from '#actions/publishing/pull_library_update'
import { cloneLibraryDeck } from '#actions/publishing/clone_library_deck'
import { cloneDeckValidator, publishDeckValidator } from '#validators/publishing'

/** The deck page's publishing panel and library banner, and the library's clone button: the same actions as the API. */
export default class DeckPublishingController {
  async publish({ auth, params, request, response, session, i18n }: HttpContext) {
    const input = await request.validateUsing(publishDeckValidator)
    await publishDeck(auth.use('web').getUserOrFail(), { ...input, id: params.id })
    session.flash('success', i18n.t('ui.publishing.flash.submitted'))
    return response.redirect().back()
  }

  async unpublish({ auth, params, response, session, i18n }: HttpContext) {
    await unpublishRevision(auth.use('web').getUserOrFail(), { id: params.id })
    session.flash('success', i18n.t('ui.publishing.flash.unpublished'))
    return response.redirect().back()
  }

  async pull({ auth, params, response, session, i18n }: HttpContext) {
    await pullLibraryUpdate(auth.use('web').getUserOrFail(), { id: params.id })
    session.flash('success', i18n.t('ui.publishing.flash.updated'))
    return response.redirect().back()
  }

  async clone({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(cloneDeckValidator)
    const { deck } = await cloneLibraryDeck(auth.use('web').getUserOrFail(), input)
    return response.redirect().toRoute('decks.show', { id: deck.id })
  }
}
