import { Head, Link, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { SocialButtons } from '~/components/social_buttons'

export default function GetStarted({ social }: { social: { google: boolean; apple: boolean } }) {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t('auth.get_started_title')} />
      <h1>{t('auth.get_started_title')}</h1>
      <p className="muted">{t('auth.get_started_body')}</p>
      <SocialButtons social={social} />
      <Link href="/sign-up" className="button primary block">
        {t('auth.sign_up_email')}
      </Link>
      <button type="button" className="button ghost block" onClick={() => router.post('/guest')}>
        {t('auth.continue_guest')}
      </button>
      <p className="muted">
        {t('auth.have_account')} <Link href="/sign-in">{t('auth.sign_in')}</Link>
      </p>
    </div>
  )
}
