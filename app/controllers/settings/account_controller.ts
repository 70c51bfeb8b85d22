import type { HttpContext } from '@adonisjs/core/http'
import { signOutWeb } from '#services/web_sign_in'
import UpdateProfile from '#actions/users/update_profile'
import ChangePassword from '#actions/users/change_password'
import DeleteAccount from '#actions/users/delete_account'
import UserTransformer from '#transformers/user_transformer'
import { passwordChangeValidator, profileValidator, deleteAccountValidator, publicProfileValidator } from '#validators/user'
import { socialSignInOptions } from '#services/social_options'
import { subscriptionSummary } from '#queries/payments/subscriptions'

export default class AccountController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    await user.load('socialAccounts')
    return inertia.render('settings/account', {
      account: UserTransformer.forAccountSettings(user),
      social: socialSignInOptions(),
      subscription: await subscriptionSummary(user),
    })
  }

  async updateProfile({ request, auth, response, session, i18n }: HttpContext) {
    const { current_password: currentPassword, ...profile } = await request.validateUsing(profileValidator)
    await new UpdateProfile().handle(auth.use('web').getUserOrFail(), { ...profile, currentPassword })
    session.flash('success', i18n.t('ui.account.saved'))
    return response.redirect().back()
  }

  /** PUT /account/public-profile: the bio, the links and the avatar colour the public profile shows, all or nothing. */
  async updatePublicProfile({ request, auth, response, session, i18n }: HttpContext) {
    const { about, avatar_color: avatarColor, social_links: socialLinks } = await request.validateUsing(publicProfileValidator)
    await new UpdateProfile().handle(auth.use('web').getUserOrFail(), { about: about ?? null, avatarColor, socialLinks })
    session.flash('success', i18n.t('ui.account.saved'))
    return response.redirect().back()
  }

  async updatePassword({ request, auth, response, session, i18n }: HttpContext) {
    const { current_password: currentPassword, password } = await request.validateUsing(passwordChangeValidator)
    const user = await new ChangePassword().handle(auth.use('web').getUserOrFail(), { currentPassword, password })
    /* every other browser is signed out; this one stays, under the account's new session epoch (and a new session id) */
    await auth.use('web').login(user)
    session.flash('success', i18n.t('ui.account.password_saved'))
    return response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    const { request, auth, response } = ctx
    const { confirmation } = await request.validateUsing(deleteAccountValidator)
    const user = auth.use('web').getUserOrFail()
    await new DeleteAccount().handle(user, confirmation)
    await signOutWeb(ctx)
    return response.redirect().toRoute('home')
  }
}
