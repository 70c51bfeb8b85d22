import { Head, Link } from '@inertiajs/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'

export default function Home() {
  const { user } = useShared()
  const t = useT()
  const title = user?.name ? t('home.title', { name: user.name }) : t('home.title_guest')
  return (
    <div className="stack">
      <Head title={t('nav.home')} />
      <h1>{title}</h1>
      {user?.isGuest && (
        <div className="card row">
          <p className="muted" style={{ flex: 1, margin: 0 }}>
            {t('home.guest_notice')}
          </p>
          <Link href="/sign-up" className="button primary">
            {t('home.guest_cta')}
          </Link>
        </div>
      )}
      <div className="card">
        <p className="muted">{t('home.empty')}</p>
      </div>
    </div>
  )
}
