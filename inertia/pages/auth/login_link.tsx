import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'

export default function LoginLink({ appUrl, webUrl }: { appUrl: string; webUrl: string }) {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t('auth.login_link_title')} />
      <h1>{t('auth.login_link_title')}</h1>
      <p className="muted">{t('auth.login_link_body')}</p>
      <a className="button primary block" href={appUrl}>
        {t('auth.open_app')}
      </a>
      <a className="button block" href={webUrl}>
        {t('auth.continue_web')}
      </a>
    </div>
  )
}
