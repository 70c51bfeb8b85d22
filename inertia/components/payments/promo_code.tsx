import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { requestJson, HttpError } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

type Discount = Data.PromoIntent

/**
 * The checkout's promo-code field: applies or removes one of Stripe's promotion codes on the intent (any plan;
 * the server says how).
 */
export function PromoCode({
  intentId,
  onChange,
}: {
  intentId: string
  onChange: (amount: number) => void
}) {
  const t = useT()
  const [code, setCode] = useState('')
  const [applied, setApplied] = useState<Discount | null>(null)
  const [error, setError] = useState('')
  const send = async (action: 'apply' | 'remove') => {
    setError('')
    try {
      const result = await requestJson<Discount>(urlFor('checkout.update_intent'), {
        method: 'POST',
        json: {
          payment_intent_id: intentId,
          promo_action: action,
          ...(action === 'apply' ? { promo_code: code } : {}),
        },
      })
      setApplied(action === 'apply' ? result : null)
      onChange(result.new_amount)
    } catch (failure) {
      setError(
        failure instanceof HttpError && failure.message
          ? failure.message
          : t('errors.something_wrong')
      )
    }
  }
  return (
    <div className="stack">
      <label>
        {t('payments.promo_code')}
        <input
          name="promo_code"
          value={code}
          maxLength={100}
          onChange={(event) => setCode(event.target.value)}
        />
      </label>
      {applied ? (
        <p>
          {t('payments.promo_applied', { percent: applied.discount_percent })}{' '}
          <button type="button" className="button" onClick={() => send('remove')}>
            {t('payments.promo_remove')}
          </button>
        </p>
      ) : (
        <button
          type="button"
          className="button"
          disabled={!code.trim()}
          onClick={() => send('apply')}
        >
          {t('payments.promo_apply')}
        </button>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  )
}
