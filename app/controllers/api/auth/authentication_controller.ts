import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { createUser } from '#actions/auth/create_user'
import { registerWithEmail } from '#actions/auth/register_with_email'
import { findRetriedSignUp } from '#actions/auth/find_retried_sign_up'
import { signInWithIdentity } from '#actions/auth/sign_in_with_identity'
import { sendLoginLink } from '#actions/auth/send_login_link'
import { consumeLoginLink } from '#actions/auth/consume_login_link'
import { refreshStaleStreak } from '#actions/study/refresh_streak'
import { apiUser } from '#queries/users/api_user'
import AcknowledgementTransformer from '#transformers/acknowledgement_transformer'
import SignInTransformer from '#transformers/sign_in_transformer'
import { serialize } from '#transformers/serialize'
import { verifyIdentityToken } from '#services/identity_tokens'
import { guardEmailRequest, guardSignIn } from '#services/auth_throttle'
import {
  apiRegistrationValidator,
  googleCredentialValidator,
  guestRegistrationValidator,
  loginWithProviderValidator,
} from '#validators/auth'

/** The bearer token of the request, if it carries a valid one (guests upgrading, accounts linking). */
async function currentUser(ctx: HttpContext) {
  if (!ctx.request.header('authorization')) return null
  return (await ctx.auth.use('api').check()) ? ctx.auth.use('api').user! : null
}

/** A new token for the user, answered with the User entity (its streak brought up to date first). */
async function issueToken(user: User, isNewUser: boolean, name = 'mobile') {
  const token = await User.accessTokens.create(user, ['*'], { name })
  await refreshStaleStreak(user)
  const signIn = { token: token.value!.release(), isNewUser, user: await apiUser(user) }
  return serialize(SignInTransformer.transform(signIn))
}

export default class AuthenticationController {
  async registerGuest({ request, response, i18n }: HttpContext) {
    const { experiments } = await request.validateUsing(guestRegistrationValidator)
    const user = await createUser({ provider: 'guest', experiments, locale: i18n.locale })
    return response.created(await issueToken(user, true))
  }

  async registerWithEmail(ctx: HttpContext) {
    const { user: input } = await ctx.request.validateUsing(apiRegistrationValidator)
    const guest = await currentUser(ctx)
    const user = await registerWithEmail(guest, { ...input, locale: ctx.i18n.locale }).catch(
      async (error) => {
        /* the same sign-up sent again (its answer lost on the way): the token, not E_EMAIL_TAKEN */
        const taken = error instanceof ApiException && error.code === 'E_EMAIL_TAKEN'
        const retried =
          taken && (await findRetriedSignUp(guest, { ...input, ip: ctx.request.ip() }))
        if (!retried) throw error
        return retried
      }
    )
    return ctx.response.created(await issueToken(user, true))
  }

  async loginWithProvider(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(loginWithProviderValidator)
    const fields = typeof input.user === 'object' ? input.user : undefined
    switch (input.kind) {
      case 'email': {
        const email = fields?.email
        const password = fields?.password
        if (!email || !password)
          throw ApiException.of('E_MISSING_CREDENTIALS', {
            field: email ? 'user.password' : 'user.email',
          })
        const user = await guardSignIn(ctx.request.ip(), email, () =>
          User.verifyCredentials(email, password)
        )
        return issueToken(user, false)
      }
      case 'google':
      case 'apple': {
        const token =
          input.kind === 'apple'
            ? input.identity_token
            : (input.id_token ?? input.credential ?? input.web_token)
        if (!token)
          throw ApiException.of('E_MISSING_IDENTITY_TOKEN', {
            field: input.kind === 'apple' ? 'identity_token' : 'id_token',
          })
        const identity = await verifyIdentityToken(input.kind, token)
        const { user, isNewUser } = await signInWithIdentity(await currentUser(ctx), {
          identity,
          name: input.name ?? fields?.name,
        })
        return issueToken(user, isNewUser)
      }
      case 'web_to_app': {
        if (input.code) return issueToken(await consumeLoginLink({ token: input.code }), false)
        const email = input.email ?? fields?.email
        if (!email) throw ApiException.of('E_MISSING_EMAIL', { field: 'email' })
        await guardEmailRequest('login_link', email)
        await sendLoginLink({ email, locale: ctx.i18n.locale })
        /* same answer whether or not the address has an account */
        const sent = AcknowledgementTransformer.transform({ sent: true })
        return ctx.response.accepted(await serialize(sent))
      }
    }
  }

  async google(ctx: HttpContext) {
    const { credential } = await ctx.request.validateUsing(googleCredentialValidator)
    const identity = await verifyIdentityToken('google', credential)
    const { user, isNewUser } = await signInWithIdentity(await currentUser(ctx), { identity })
    return issueToken(user, isNewUser)
  }

  async logout({ auth, response }: HttpContext) {
    await User.accessTokens.revoke(auth.use('api').getUserOrFail().currentAccessToken)
    return response.noContent()
  }
}
