import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'

const NAMES = { google: 'Google', apple: 'Apple' } as const

/** A sign-in with Google or Apple on a server that has no client for it: said plainly, with a way back. */
export default function ProviderNotConfigured({
  provider,
  signedIn,
}: {
  provider: keyof typeof NAMES
  signedIn: boolean
}) {
  const t = useT()
  const name = NAMES[provider]
  return (
    <div className="card narrow stack">
      <Head title={t('auth.provider_not_configured_title', { provider: name })} />
      <h1>{t('auth.provider_not_configured_title', { provider: name })}</h1>
      <p className="muted">{t('auth.provider_not_configured_body', { provider: name })}</p>
      {signedIn ? (
        <Link route="account.show" className="button primary block">
          {t('auth.back_to_account')}
        </Link>
      ) : (
        <Link route="auth.sign_in" className="button primary block">
          {t('auth.back_to_sign_in')}
        </Link>
      )}
    </div>
  )
}
