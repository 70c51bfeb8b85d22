import { Head } from '@inertiajs/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Props = Data.Paywall & {
  reason: string
  isPremium: boolean
  /** false: this server takes no payments (no Stripe key): the plans are shown, not offered */
  paymentsAvailable: boolean
}

/**
 * The premium offer: the limit that led here, the benefits and claim, each plan with its price and a way to
 * checkout.
 */
export default function Paywall({
  benefits,
  claimPercent,
  currency,
  trialDays,
  savingPercent,
  plans,
  reason,
  isPremium,
  paymentsAvailable,
}: Props) {
  const t = useT()
  const { locale } = useShared()
  const price = (amount: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100
    )
  return (
    <div className="card stack" data-paywall>
      <Head title={t('limits.paywall.title')} />
      <h1>{t('limits.paywall.title')}</h1>
      <p data-reason={reason}>{t(`limits.paywall.reason_${reason}`)}</p>
      <p>
        <strong>{t('limits.paywall.claim', { percent: claimPercent })}</strong>
      </p>
      <ul>
        {benefits.map((benefit) => (
          <li key={benefit}>{t(`limits.paywall.benefits.${benefit}`)}</li>
        ))}
      </ul>
      {isPremium ? (
        <p>{t('limits.paywall.already_premium')}</p>
      ) : (
        <>
          <p>{t('limits.paywall.trial', { days: trialDays })}</p>
          {!paymentsAvailable && (
            <p role="note" className="notice" data-testid="payments-not-configured">
              {t('payments.not_configured')}
            </p>
          )}
          <div className="stack">
            {plans.map((plan) => (
              <section key={plan.tier} className="section" data-plan={plan.tier}>
                <h2>{t(`limits.paywall.tier.${plan.tier}`)}</h2>
                <p>
                  {price(plan.amount)} {t(`limits.paywall.per.${plan.interval ?? 'once'}`)}
                  {plan.tier === 'yearly' && savingPercent > 0 && (
                    <strong> · {t('limits.paywall.save', { value: savingPercent })}</strong>
                  )}
                </p>
                {paymentsAvailable && (
                  <a className="button primary" href={plan.checkoutUrl}>
                    {t('limits.paywall.choose')}
                  </a>
                )}
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  )
}
