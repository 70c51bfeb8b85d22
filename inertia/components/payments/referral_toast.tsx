import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { useHydrated } from '~/lib/use_hydrated'
import { openReferrals } from '~/components/payments/cello'

const HIDDEN_KEY = 'mnemo.referralToast.hidden'

/**
 * The referral toast (spec 000 §4: visible or hidden): after a finished
 * session, a learner with an account is invited to refer friends through the
 * referral programme (Cello). "Not now" hides it for good on this browser;
 * nothing shows when the programme is not configured.
 */
export function ReferralToast() {
  const t = useT()
  const { referrals, locale } = useShared()
  const [hidden, setHidden] = useState(false)
  const [failed, setFailed] = useState(false)
  /* the browser's "not now" is read once hydrated (the server has no localStorage) */
  const hydrated = useHydrated()
  if (!referrals || !hydrated || hidden || window.localStorage.getItem(HIDDEN_KEY) === '1')
    return null
  const hide = () => {
    window.localStorage.setItem(HIDDEN_KEY, '1')
    setHidden(true)
  }
  const invite = async () => {
    setFailed(false)
    if (!(await openReferrals(referrals, locale))) setFailed(true)
  }
  return (
    <div className="toast referral-toast" role="status" data-testid="referral-toast">
      <p>{t('payments.referral.body')}</p>
      {failed && (
        <p className="error" role="alert">
          {t('payments.referral.unavailable')}
        </p>
      )}
      <div className="row">
        <button type="button" className="button primary" onClick={invite}>
          {t('payments.referral.invite')}
        </button>
        <button type="button" className="button ghost" onClick={hide}>
          {t('payments.referral.hide')}
        </button>
      </div>
    </div>
  )
}
