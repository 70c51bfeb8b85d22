import { useEffect, useState } from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'

const HIDDEN_KEY = 'mnemo.referralToast.hidden'

/** Cello's loader, booted once with the learner's token; false when it cannot load (offline, blocked). */
let booted: Promise<boolean> | undefined
function bootCello(script: string, productId: string, language: string) {
  booted ??= (async () => {
    const { token } = await requestJson<{ token: string }>(urlFor('account.referral_token'), { method: 'POST', json: {} })
    const w = window as any
    w.cello = w.cello || { cmd: [] }
    const loaded = await new Promise<boolean>((resolve) => {
      const tag = document.createElement('script')
      tag.src = script
      tag.type = 'module'
      tag.async = true
      tag.onload = () => resolve(true)
      tag.onerror = () => resolve(false)
      document.head.appendChild(tag)
    })
    if (!loaded) return false
    await new Promise<void>((resolve) => w.cello.cmd.push(async (cello: any) => (await cello.boot({ productId, token, language }), resolve())))
    return true
  })().catch(() => false)
  return booted
}

/**
 * The referral toast (spec 000 §4: visible or hidden): after a finished
 * session, a learner with an account is invited to refer friends through the
 * referral programme (Cello). "Not now" hides it for good on this browser;
 * nothing shows when the programme is not configured.
 */
export function ReferralToast() {
  const t = useT()
  const { referrals, locale } = useShared()
  const [visible, setVisible] = useState(false)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    setVisible(Boolean(referrals) && window.localStorage.getItem(HIDDEN_KEY) !== '1')
  }, [referrals])
  if (!referrals || !visible) return null
  const hide = () => {
    window.localStorage.setItem(HIDDEN_KEY, '1')
    setVisible(false)
  }
  const invite = async () => {
    setFailed(false)
    const ready = await bootCello(referrals.script, referrals.productId, locale)
    if (!ready) return setFailed(true)
    ;(window as any).Cello?.('open')
  }
  return (
    <div className="toast referral-toast" role="status" data-testid="referral-toast">
      <p>{t('payments.referral.body')}</p>
      {failed && <p className="error" role="alert">{t('payments.referral.unavailable')}</p>}
      <div className="row">
        <button type="button" className="button primary" onClick={invite}>{t('payments.referral.invite')}</button>
        <button type="button" className="button ghost" onClick={hide}>{t('payments.referral.hide')}</button>
      </div>
    </div>
  )
}
