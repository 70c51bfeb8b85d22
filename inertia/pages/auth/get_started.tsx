import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { SocialButtons, type SocialOptions } from '~/components/social_buttons'
import { urlFor } from '~/lib/routes'

export default function GetStarted({ social }: { social: SocialOptions }) {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t('auth.get_started_title')} />
      <h1>{t('auth.get_started_title')}</h1>
      <p className="muted">{t('auth.get_started_body')}</p>
      <SocialButtons social={social} />
      <Link route="auth.sign_up" className="button primary block">
        {t('auth.sign_up_email')}
      </Link>
      <button
        type="button"
        className="button ghost block"
        onClick={() => router.post(urlFor('auth.guest'))}
      >
        {t('auth.continue_guest')}
      </button>
      <p className="muted">
        {t('auth.have_account')} <Link route="auth.sign_in">{t('auth.sign_in')}</Link>
      </p>
    </div>
  )
}
