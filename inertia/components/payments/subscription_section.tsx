import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

export type SubscriptionSummary = Data.SubscriptionSummary

/**
 * The account's plan, "Manage subscription" (Stripe's billing portal), and the notice that
 * deleting the account cancels it. Without payments on this server: the plan, and why it
 * cannot be changed here.
 */
export function SubscriptionSection({ subscription }: { subscription: SubscriptionSummary }) {
  const t = useT()
  return (
    <section className="section" aria-labelledby="subscription">
      <h2 id="subscription">{t('payments.subscription')}</h2>
      <p>
        {subscription.pricingTier
          ? t(`payments.tier_${subscription.pricingTier}`)
          : t('payments.free_plan')}
      </p>
      {subscription.canManage && (
        <a className="button" href={urlFor('settings.subscription')}>
          {t('payments.manage')}
        </a>
      )}
      {!subscription.paymentsAvailable && (
        <p role="note" className="notice" data-testid="payments-not-configured">
          {t('payments.not_configured_plan')}
        </p>
      )}
      {!subscription.pricingTier && subscription.paymentsAvailable && (
        <Link route="paywall.show" className="button primary">
          {t('payments.upgrade')}
        </Link>
      )}
      {subscription.canUpgrade && (
        <Link
          route="checkout.show"
          routeParams={{ tier: 'lifetime' }}
          className="button primary"
          data-testid="upgrade-lifetime"
        >
          {t('payments.upgrade_lifetime')}
        </Link>
      )}
      {subscription.cancelsOnDeletion && (
        <p role="note" className="notice" data-testid="deletion-subscription-notice">
          {t('payments.deletion_notice')}
        </p>
      )}
    </section>
  )
}
