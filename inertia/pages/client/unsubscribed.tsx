import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'

type State = 'confirm' | 'done' | 'invalid'

/**
 * The e-mail's unsubscribe link: first a question with one button (a plain
 * form, so it works before scripts run), then the answer; or, for a link that
 * was tampered with, why nothing changed.
 */
export default function Unsubscribed({ state, action }: { state: State; action: string | null }) {
  const t = useT()
  const title = t(`client.reminders.${state}_title`)
  return (
    <div className="card stack" data-unsubscribe={state}>
      <Head title={title}>
        <meta name="robots" content="noindex" />
      </Head>
      <h1>{title}</h1>
      <p>{t(`client.reminders.${state}_body`)}</p>
      {state === 'confirm' && action && (
        <form method="post" action={action}>
          <button type="submit" className="button primary">
            {t('client.reminders.confirm_button')}
          </button>
        </form>
      )}
      <Link route="settings.show">{t('client.reminders.to_settings')}</Link>
    </div>
  )
}
