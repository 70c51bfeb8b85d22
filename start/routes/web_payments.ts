import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CheckoutController = () => import('#controllers/payments/checkout_controller')

/*
 * Checkout (Stripe Elements), its return page, "Manage subscription" (Stripe's billing portal) and the
 * referral toast's token.
 */
router
  .group(() => {
    router.get('/checkout/return', [CheckoutController, 'returned']).as('checkout.return')
    router.post('/checkout/intent', [CheckoutController, 'intent']).as('checkout.intent')
    router
      .post('/checkout/upgrade_intent', [CheckoutController, 'upgradeIntent'])
      .as('checkout.upgrade_intent')
    router
      .post('/checkout/update_intent', [CheckoutController, 'updateIntent'])
      .as('checkout.update_intent')
    router.get('/checkout/:tier', [CheckoutController, 'show']).as('checkout.show')
    router.get('/settings/subscription', [CheckoutController, 'manage']).as('settings.subscription')
    router
      .post('/account/referral_token', [CheckoutController, 'referralToken'])
      .as('account.referral_token')
  })
  .use(middleware.auth())
