import type { HttpContext } from '@adonisjs/core/http'
import { signOutWeb } from '#services/web_sign_in'
import { updateProfile } from '#actions/users/update_profile'
import { changePassword } from '#actions/users/change_password'
import { deleteAccount } from '#actions/users/delete_account'
import UserTransformer from '#transformers/user_transformer'
import SubscriptionSummaryTransformer from '#transformers/subscription_summary_transformer'
import {
  passwordChangeValidator,
  profileValidator,
  deleteAccountValidator,
  publicProfileValidator,
} from '#validators/user'
import { socialSignInOptions } from '#services/social_options'
import SocialOptionsTransformer from '#transformers/social_options_transformer'
import { subscriptionSummary } from '#queries/payments/subscriptions'

export default class AccountController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    await user.load('socialAccounts')
    return inertia.render('settings/account', {
      account: UserTransformer.transform(user).useVariant('forEditor'),
      social: SocialOptionsTransformer.transform(socialSignInOptions()),
      subscription: SubscriptionSummaryTransformer.transform(await subscriptionSummary(user)),
    })
  }

  async updateProfile({ request, auth, response, session, i18n }: HttpContext) {
    await updateProfile(
      auth.use('web').getUserOrFail(),
      await request.validateUsing(profileValidator)
    )
    session.flash('success', i18n.t('ui.account.saved'))
    return response.redirect().back()
  }

  /** PUT /account/public-profile: the bio, the links and the avatar colour the public profile shows, all or nothing. */
  async updatePublicProfile({ request, auth, response, session, i18n }: HttpContext) {
    const input = await request.validateUsing(publicProfileValidator)
    /* the form sends its whole state: a bio left out is cleared */
    await updateProfile(auth.use('web').getUserOrFail(), { ...input, about: input.about ?? null })
    session.flash('success', i18n.t('ui.account.saved'))
    return response.redirect().back()
  }

  async updatePassword({ request, auth, response, session, i18n }: HttpContext) {
    const user = await changePassword(
      auth.use('web').getUserOrFail(),
      await request.validateUsing(passwordChangeValidator)
    )
    /*
     * every other browser is signed out; this one stays, under the account's new session epoch (and a new
     * session id)
     */
    await auth.use('web').login(user)
    session.flash('success', i18n.t('ui.account.password_saved'))
    return response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    const { request, auth, response } = ctx
    const input = await request.validateUsing(deleteAccountValidator)
    const user = auth.use('web').getUserOrFail()
    await deleteAccount(user, input)
    await signOutWeb(ctx)
    return response.redirect().toRoute('home')
  }
}
