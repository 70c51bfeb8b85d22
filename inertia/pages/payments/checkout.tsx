import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { HttpError, requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { loadStripe } from '~/components/payments/stripe_js'
import { PromoCode } from '~/components/payments/promo_code'
import type { Data } from '~generated/data'

type Props = {
  tier: 'monthly' | 'yearly' | 'lifetime'
  amount: number
  currency: string
  trialDays: number
  publishableKey: string | null
  replacesSubscription: boolean
  upgradeCredit: number | null
}
type Intent = Data.Intent
type State = 'loading' | 'ready' | 'unavailable' | 'paying'

const money = (amount: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100
  )

/**
 * Why the form cannot be shown, in the learner's words: this server takes no payments
 * (no key, or the server says so), the server's own reason, or (no answer, Stripe.js not
 * loaded) the connection.
 */
function unavailableReason(t: ReturnType<typeof useT>, error?: unknown) {
  if (!(error instanceof HttpError) || error.status === 0) return t('payments.unavailable')
  if (error.code === 'E_PAYMENTS_NOT_CONFIGURED') return t('payments.not_configured')
  return error.message || t('payments.unavailable')
}

/**
 * Stripe.js and the plan's intent, the Payment Element mounted on `mount`; or, when payments
 * cannot be taken, the state `unavailable` and the notice saying why.
 */
function usePaymentElement(props: Props, t: ReturnType<typeof useT>) {
  /* no publishable key: this server takes no payments, said from the first render on */
  const [state, setState] = useState<State>(props.publishableKey ? 'loading' : 'unavailable')
  const [notice, setNotice] = useState(() =>
    props.publishableKey ? '' : t('payments.not_configured')
  )
  const [intent, setIntent] = useState<Intent | null>(null)
  const mount = useRef<HTMLDivElement>(null)
  const stripeRef = useRef<{ stripe: any; elements: any } | null>(null)
  /* the notice in the reader's language when it is said; no reason to load Stripe again */
  const notConfigured = useEffectEvent(() => t('payments.not_configured'))
  const reasonOf = useEffectEvent((failure?: unknown) => unavailableReason(t, failure))

  useEffect(() => {
    let cancelled = false
    const unavailable = (reason: string) => {
      if (cancelled) return
      setNotice(reason)
      setState('unavailable')
    }
    ;(async () => {
      if (!props.publishableKey) return unavailable(notConfigured())
      const stripe = await loadStripe(props.publishableKey)
      if (!stripe) return unavailable(reasonOf())
      let created: Intent
      try {
        created = await (props.upgradeCredit === null
          ? requestJson<Intent>(urlFor('checkout.intent'), {
              method: 'POST',
              json: { pricing_tier: props.tier },
            })
          : requestJson<Intent>(urlFor('checkout.upgrade_intent'), { method: 'POST', json: {} }))
      } catch (failure) {
        return unavailable(reasonOf(failure))
      }
      if (cancelled) return
      const elements = stripe.elements({ clientSecret: created.clientSecret })
      elements.create('payment').mount(mount.current)
      stripeRef.current = { stripe, elements }
      setIntent(created)
      setState('ready')
    })()
    return () => {
      cancelled = true
    }
  }, [props.publishableKey, props.tier, props.upgradeCredit])

  return { state, setState, notice, intent, mount, stripeRef }
}

/** Checkout of one plan with Stripe Elements; a notice instead of the form when payments cannot be taken. */
export default function Checkout(props: Props) {
  const t = useT()
  const { locale } = useShared()
  const { state, setState, notice, intent, mount, stripeRef } = usePaymentElement(props, t)
  const [error, setError] = useState('')
  const [amount, setAmount] = useState(props.amount)

  const pay = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!stripeRef.current || !intent) return
    setState('paying')
    const { stripe, elements } = stripeRef.current
    const confirmParams = {
      return_url: new URL(urlFor('checkout.return'), window.location.origin).toString(),
    }
    const confirm = intent.paymentIntentId.startsWith('seti_')
      ? stripe.confirmSetup
      : stripe.confirmPayment
    const result = await confirm.call(stripe, { elements, confirmParams })
    if (result?.error) setError(result.error.message ?? t('errors.something_wrong'))
    setState('ready')
  }

  return (
    <div className="card stack">
      <Head title={t('payments.checkout_title')} />
      <h1>{t(`payments.tier_${props.tier}`)}</h1>
      <p>
        {t(props.tier === 'lifetime' ? 'payments.price_once' : `payments.price_${props.tier}`, {
          price: money(amount, props.currency, locale),
        })}
      </p>
      {props.tier !== 'lifetime' && (
        <p className="muted">{t('payments.trial', { days: props.trialDays })}</p>
      )}
      {props.upgradeCredit !== null && (
        <p className="notice" data-testid="upgrade-credit">
          {t('payments.upgrade_credit', {
            credit: money(props.upgradeCredit, props.currency, locale),
          })}
        </p>
      )}
      {props.replacesSubscription && (
        <p role="note" className="notice">
          {t('payments.cancel_previous_notice')}
        </p>
      )}
      {state === 'unavailable' ? (
        <p role="alert" className="notice" data-testid="payments-unavailable">
          {notice}
        </p>
      ) : (
        <form onSubmit={pay} className="stack">
          <div ref={mount} data-testid="payment-element" />
          {intent && (
            <PromoCode
              intentId={intent.paymentIntentId}
              onChange={(next) => {
                setAmount(next)
                /* the form shows what the intent now collects (a trial's setup intent collects nothing yet) */
                stripeRef.current?.elements.fetchUpdates?.()
              }}
            />
          )}
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" className="button primary" disabled={state !== 'ready'}>
            {t('payments.pay')}
          </button>
        </form>
      )}
    </div>
  )
}
