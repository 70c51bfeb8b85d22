import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'

export default function Landing() {
  const t = useT()
  return (
    <section className="hero">
      <Head title={t('landing.title')} />
      <h1>{t('landing.title')}</h1>
      <p className="lead">{t('landing.body')}</p>
      <div className="row">
        <Link route="auth.start" className="button primary large">
          {t('landing.cta')}
        </Link>
        <Link route="auth.sign_in" className="button ghost large">
          {t('landing.sign_in')}
        </Link>
      </div>
    </section>
  )
}
