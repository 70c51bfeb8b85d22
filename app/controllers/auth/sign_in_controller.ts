import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { signInValidator } from '#validators/auth'
import { guardSignIn } from '#services/auth_throttle'
import { socialSignInOptions } from '#services/social_options'
import SocialOptionsTransformer from '#transformers/social_options_transformer'
import { afterSignInPath, safeNextPath } from '#services/next_path'
import { signInWeb, signOutWeb } from '#services/web_sign_in'

export default class SignInController {
  /**
   * `?next=` (a page of this site) is remembered in the session, so every
   * way of signing in from here (this form, Google, Apple, a new account)
   * returns to it; the plain sign-in page forgets an older one. `?extension=1`
   * marks the browser extension's sign-in (ExtensionController);
   * `?session=ended`: a page whose session ended sent the learner here
   * (inertia/lib/http.ts), and the page says so.
   */
  async show({ inertia, request, session }: HttpContext) {
    /* the browser extension's flag: signed in, the learner lands where the extension gets its token */
    const next = request.input('extension')
      ? '/extension/connected'
      : safeNextPath(request.input('next'))
    if (next) session.setIntendedUrl(next)
    else session.clearIntendedUrl()
    return inertia.render('auth/sign_in', {
      social: SocialOptionsTransformer.transform(socialSignInOptions()),
      sessionEnded: request.input('session') === 'ended',
    })
  }

  async store(ctx: HttpContext) {
    const { request, response } = ctx
    const { email, password } = await request.validateUsing(signInValidator)
    const user = await guardSignIn(request.ip(), email, () =>
      User.verifyCredentials(email, password)
    )
    await signInWeb(ctx, user)
    return response.redirect(afterSignInPath(ctx))
  }

  async destroy(ctx: HttpContext) {
    await signOutWeb(ctx)
    return ctx.response.redirect().toRoute('home')
  }
}
