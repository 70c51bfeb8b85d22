import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'

/** A one-message page: title, text, one way forward. */
export function MessageCard({
  title,
  body,
  href,
  action,
}: {
  title: string
  body: string
  href: string
  action: string
}) {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t(title)} />
      <h1>{t(title)}</h1>
      <p className="muted">{t(body)}</p>
      <Link href={href} className="button primary block">
        {t(action)}
      </Link>
    </div>
  )
}
