import { SignJWT } from 'jose'
import type User from '#models/user'
import env from '#start/env'
import { appUrl } from '#config/app'
import { yearlySavingPercent } from '#config/payments'
import ApiException from '#exceptions/api_exception'
import { stripe, stripeCall } from '#services/stripe'

/** GET subscriptions/stripe/management_link: a Stripe billing portal session for the user's customer. */
export async function managementLink(user: User) {
  if (!user.paymentCustomerId) throw ApiException.of('E_NO_SUBSCRIPTION')
  const session = await stripeCall(() =>
    stripe().billingPortal.sessions.create({
      customer: user.paymentCustomerId!,
      return_url: `${appUrl}/settings`,
    })
  )
  return { link: session.url }
}

/** GET subscriptions/discounts: the standing discounts of the plans (the yearly plan against twelve months). */
export function discounts() {
  return [{ subscriptionPeriod: 'yearly', percentOff: yearlySavingPercent() }]
}

/**
 * POST users/cello_jwt: the referral programme's (Cello) token, HS256 with
 * CELLO_SECRET, naming the product (CELLO_PRODUCT_ID) and the user; 503 when
 * the programme is not configured.
 */
export async function celloToken(user: User) {
  const secret = env.get('CELLO_SECRET')
  const productId = env.get('CELLO_PRODUCT_ID')
  if (!secret || !productId) throw ApiException.of('E_REFERRALS_NOT_CONFIGURED')
  /* guests have no account a referral could be credited to */
  if (user.isGuest) throw ApiException.of('E_REFERRALS_GUEST')
  const token = await new SignJWT({ productId, productUserId: String(user.id) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1d')
    .sign(new TextEncoder().encode(secret))
  return { token }
}

/**
 * The web's referral toast: on when the programme is configured and the
 * learner has an account. `script` is Cello's loader (CELLO_SCRIPT_URL: its
 * sandbox's for test accounts), `productId` what it boots with.
 */
export function referralsOffer(user: User | undefined) {
  const productId = env.get('CELLO_PRODUCT_ID')
  if (!user || user.isGuest || !productId || !env.get('CELLO_SECRET')) return null
  return {
    productId,
    script: env.get('CELLO_SCRIPT_URL', 'https://assets.cello.so/app/latest/cello.js'),
  }
}
