import { randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import { signInWithIdentity } from '#actions/auth/sign_in_with_identity'
import { verifyIdentityToken } from '#services/identity_tokens'
import { appleWeb } from '#config/identity'
import type { SocialProvider } from '#types/auth'
import { socialSignInOptions } from '#services/social_options'
import { afterSignInPath, afterSignUpPath } from '#services/next_path'
import { signInWeb } from '#services/web_sign_in'

/**
 * Google through ally (authorization code flow, then the id_token's claims
 * via the userinfo endpoint); Apple through its web flow, which posts an
 * id_token back to us that we verify against Apple's keys. A provider this
 * server has no client for gets a page saying so (503), not a redirect to
 * the provider with an empty client id.
 */
export default class SocialController {
  async googleRedirect(ctx: HttpContext) {
    if (!socialSignInOptions().google) return notConfigured(ctx, 'google')
    return ctx.ally.use('google').redirect()
  }

  async googleCallback(ctx: HttpContext) {
    if (!socialSignInOptions().google) return notConfigured(ctx, 'google')
    const { ally, auth, response, session, i18n } = ctx
    const google = ally.use('google')
    if (google.accessDenied() || google.hasError() || google.stateMisMatch()) {
      session.flashErrors({ E_SOCIAL: i18n.t('errors.social_failed.title') })
      return response.redirect().toRoute(auth.user ? 'account.show' : 'auth.sign_in')
    }
    const profile = await google.user()
    const { user, isNewUser } = await signInWithIdentity(auth.use('web').user, {
      identity: {
        provider: 'google',
        subject: profile.id,
        email: profile.email?.toLowerCase() ?? null,
        emailVerified: profile.emailVerificationState === 'verified',
        name: profile.name,
      },
    })
    return this.finish(user, ctx, isNewUser)
  }

  async appleRedirect(ctx: HttpContext) {
    const clientId = appleWeb.clientId
    if (!socialSignInOptions().apple || !clientId) return notConfigured(ctx, 'apple')
    const { response, session } = ctx
    const state = randomBytes(16).toString('hex')
    session.put('apple_state', state)
    const url = new URL(appleWeb.authorizeUrl)
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: appleWeb.callbackUrl,
      response_type: 'code id_token',
      response_mode: 'form_post',
      scope: 'name email',
      state,
    }).toString()
    return response.redirect(url.toString())
  }

  async appleCallback(ctx: HttpContext) {
    if (!socialSignInOptions().apple) return notConfigured(ctx, 'apple')
    const { request, session, response, i18n, auth } = ctx
    const expected = session.pull('apple_state')
    const idToken = request.input('id_token')
    if (request.input('error') === 'user_cancelled_authorize')
      return response.redirect().toRoute('auth.sign_in')
    if (!expected || request.input('state') !== expected || typeof idToken !== 'string') {
      session.flashErrors({ E_SOCIAL: i18n.t('errors.social_failed.title') })
      return response.redirect().toRoute('auth.sign_in')
    }
    const identity = await verifyIdentityToken('apple', idToken)
    /* Apple sends the name only on the first authorization, as JSON in `user` */
    let name: string | null = null
    try {
      const given = JSON.parse(request.input('user') ?? 'null')?.name
      name = [given?.firstName, given?.lastName].filter(Boolean).join(' ') || null
    } catch {}
    const { user, isNewUser } = await signInWithIdentity(auth.use('web').user, { identity, name })
    return this.finish(user, ctx, isNewUser)
  }

  /** Connecting a provider goes back to the account page; a sign-in to the page that asked for it. */
  private async finish(
    user: Awaited<ReturnType<typeof signInWithIdentity>>['user'],
    ctx: HttpContext,
    isNewUser: boolean
  ) {
    const wasSignedIn = ctx.auth.use('web').user?.id === user.id
    await signInWeb(ctx, user)
    if (wasSignedIn) return ctx.response.redirect().toRoute('account.show')
    /* a new account starts with the onboarding, as after a sign-up */
    if (isNewUser) return ctx.response.redirect(afterSignUpPath(ctx, !user.onboardingComplete))
    return ctx.response.redirect(afterSignInPath(ctx))
  }
}

/** The page that says this server has no sign-in with the provider (a stale button or bookmark led here). */
function notConfigured(ctx: HttpContext, provider: SocialProvider) {
  ctx.response.status(503)
  return ctx.inertia.render('auth/provider_not_configured', {
    provider,
    signedIn: Boolean(ctx.auth.user),
  })
}
