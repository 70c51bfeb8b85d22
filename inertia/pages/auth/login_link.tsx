import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'

export default function LoginLink({ appUrl, token }: { appUrl: string; token: string }) {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t('auth.login_link_title')} />
      <h1>{t('auth.login_link_title')}</h1>
      <p className="muted">{t('auth.login_link_body')}</p>
      <a className="button primary block" href={appUrl}>
        {t('auth.open_app')}
      </a>
      <button
        type="button"
        className="button block"
        onClick={() => router.post(urlFor('auth.link.store', { token }))}
      >
        {t('auth.continue_web')}
      </button>
    </div>
  )
}
