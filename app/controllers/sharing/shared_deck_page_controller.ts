import type { HttpContext } from '@adonisjs/core/http'
import { joinSharedDeck } from '#actions/sharing/join_shared_deck'
import { findSharedDeck, sharedDeckView } from '#queries/sharing/shared_deck'
import SharedDeckTransformer from '#transformers/shared_deck_transformer'

/** The page a sharing link opens, and its Join button. */
export default class SharedDeckPageController {
  /** Signed out, the visitor is offered sign-in or sign-up, both of which come back here (the intended URL). */
  async show({ auth, params, inertia, session }: HttpContext) {
    const deck = await findSharedDeck(params.token)
    const user = auth.use('web').user ?? null
    const here = `/shared/${deck.sharingToken}`
    if (!user) session.setIntendedUrl(here)
    return inertia.render('sharing/join', {
      sharedDeck: SharedDeckTransformer.transform(await sharedDeckView(user, deck)),
      signedIn: Boolean(user),
      signInUrl: `/sign-in?next=${encodeURIComponent(here)}`,
    })
  }

  async store({ auth, params, response, session, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { deck } = await joinSharedDeck(user, { user_id: user.id, sharing_token: params.token })
    session.flash('success', i18n.t('ui.sharing.flash.joined', { name: deck.name }))
    return response.redirect().toRoute('decks.show', { id: deck.id })
  }
}
