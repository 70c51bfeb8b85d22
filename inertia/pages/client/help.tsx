import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { AppBanner } from '~/components/client/notices'
import '~/css/client.css'

/** The help centre: short answers in the learner's language, and contact support (a mail to the support address). */
export default function Help({ topics, supportEmail }: { topics: string[]; supportEmail: string }) {
  const t = useT()
  return (
    <div className="card stack">
      <Head title={t('client.help.title')} />
      <h1>{t('client.help.title')}</h1>
      <p className="muted">{t('client.help.intro')}</p>
      <div className="help-topics">
        {topics.map((topic) => (
          <details key={topic} id={topic}>
            <summary>{t(`client.help.topics.${topic}.question`)}</summary>
            <p>{t(`client.help.topics.${topic}.answer`)}</p>
          </details>
        ))}
      </div>
      <section className="section">
        <h2>{t('client.help.contact')}</h2>
        <p className="muted">{t('client.help.contact_body')}</p>
        <a
          className="button primary"
          href={`mailto:${supportEmail}?subject=${encodeURIComponent('Mnemo')}`}
          data-contact-support
        >
          {supportEmail}
        </a>
      </section>
      <p className="muted">{t('client.help.claims')}</p>
      <Link route="whats_new.show">{t('client.whats_new.title')}</Link>
      <AppBanner />
    </div>
  )
}
