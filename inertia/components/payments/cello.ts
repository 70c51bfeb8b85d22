import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

/** The referral programme as the server shares it (null: not configured, or a guest). */
export type ReferralProgramme = Data.ReferralOffer

/*
 * Cello's loader, booted once per page with the learner's token; a failed boot is forgotten, so a later press
 * tries again
 */
let booted: Promise<boolean> | undefined
function bootCello(script: string, productId: string, language: string) {
  booted ??= (async () => {
    const { token } = await requestJson<{ token: string }>(urlFor('account.referral_token'), {
      method: 'POST',
      json: {},
    })
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
    await new Promise<void>((resolve) =>
      w.cello.cmd.push(
        async (cello: any) => (await cello.boot({ productId, token, language }), resolve())
      )
    )
    return true
  })().catch(() => false)
  const attempt = booted
  void attempt.then((ready) => {
    if (!ready && booted === attempt) booted = undefined
  })
  return attempt
}

/**
 * Opens the referral programme (Cello's panel): boots it first with the
 * learner's token (POST /account/referral_token). False when it cannot load
 * (offline, the script blocked): the caller says so.
 */
export async function openReferrals(programme: ReferralProgramme, language: string) {
  const ready = await bootCello(programme.script, programme.productId, language)
  if (ready) (window as any).Cello?.('open')
  return ready
}
