import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'

type Props = { title: string; body: string; reason: string }

/**
 * A deck its former participant opens: deleted by its owner, access removed or disabled, or sharing stopped
 * (the server's words, in their language).
 */
export default function Unavailable({ title, body, reason }: Props) {
  const t = useT()
  return (
    <div className="card narrow stack" data-state="deck-unavailable" data-reason={reason}>
      <Head title={title} />
      <h1>{title}</h1>
      <p className="muted">{body}</p>
      <Link route="home" className="button primary block">
        {t('participant.unavailable.back_home')}
      </Link>
    </div>
  )
}
