import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { openReferrals } from '~/components/payments/cello'

/**
 * The settings' "Refer and get rewards" (spec 000 §2): the referral
 * programme (Cello), opened as the session's referral toast opens it.
 * Nothing where it is not configured, nor for a guest (no account to
 * credit): the server shares no programme then.
 */
export function ReferralSection() {
  const t = useT()
  const { referrals, locale } = useShared()
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle')
  if (!referrals) return null
  const invite = async () => {
    setState('opening')
    setState((await openReferrals(referrals, locale)) ? 'idle' : 'failed')
  }
  return (
    <section className="section" aria-labelledby="referrals">
      <h2 id="referrals">{t('payments.referral.settings_title')}</h2>
      <p className="muted">{t('payments.referral.settings_body')}</p>
      {state === 'failed' && (
        <p className="field-error" role="alert">
          {t('payments.referral.unavailable')}
        </p>
      )}
      <div className="row">
        <button
          type="button"
          className="button primary"
          onClick={invite}
          disabled={state === 'opening'}
        >
          {t('payments.referral.invite')}
        </button>
      </div>
    </section>
  )
}
