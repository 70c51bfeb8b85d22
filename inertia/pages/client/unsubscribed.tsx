import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'

/** After the e-mail's one-click unsubscribe (or a link that was tampered with). */
export default function Unsubscribed({ done }: { done: boolean }) {
  const t = useT()
  const title = t(done ? 'client.reminders.unsubscribed_title' : 'client.reminders.invalid_title')
  return (
    <div className="card stack">
      <Head title={title}>
        <meta name="robots" content="noindex" />
      </Head>
      <h1>{title}</h1>
      <p>{t(done ? 'client.reminders.unsubscribed_body' : 'client.reminders.invalid_body')}</p>
      <Link route="settings.show">{t('client.reminders.to_settings')}</Link>
    </div>
  )
}
