import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const StripeIntentsController = () => import('#controllers/payments/stripe_intents_controller')
const StripeWebhooksController = () => import('#controllers/payments/stripe_webhooks_controller')

/*
 * Payments (spec 000 call table: subscriptions/..., users/cello_jwt), signed-in
 * only. Imported before api.ts in start/routes.ts (its /api/* catch-all).
 */
router
  .group(() => {
    router
      .group(() => {
        router
          .post('subscriptions/stripe/intent', [StripeIntentsController, 'create'])
          .as('stripe.intent.create')
        router
          .patch('subscriptions/stripe/intent', [StripeIntentsController, 'patch'])
          .as('stripe.intent.patch')
        router
          .post('subscriptions/stripe/update_intent', [StripeIntentsController, 'updateIntent'])
          .as('stripe.update_intent')
        router
          .post('subscriptions/stripe/upgrade_intent', [StripeIntentsController, 'upgrade'])
          .as('stripe.upgrade_intent')
        router
          .get('subscriptions/stripe/management_link', [StripeIntentsController, 'managementLink'])
          .as('stripe.management_link')
        router
          .get('subscriptions/discounts', [StripeIntentsController, 'discounts'])
          .as('subscriptions.discounts')
        router.post('users/cello_jwt', [StripeIntentsController, 'celloJwt']).as('users.cello_jwt')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])
    /*
     * Stripe's webhook endpoint: signed by Stripe, no session or token; under /api, so outside CSRF
     * (config/shield.ts)
     */
    router.post('webhooks/stripe', [StripeWebhooksController, 'handle']).as('webhooks.stripe')
  })
  .prefix('/api')
  .as('api')
