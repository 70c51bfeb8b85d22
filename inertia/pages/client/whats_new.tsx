import { Head } from '@inertiajs/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import '~/css/client.css'
import type { Data } from '~generated/data'

/** What's new: the latest changes, newest first, in the learner's language. */
export default function WhatsNew({ entries }: { entries: Data.WhatsNew[] }) {
  const t = useT()
  const { locale } = useShared()
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
  return (
    <div className="card stack">
      <Head title={t('client.whats_new.title')} />
      <h1>{t('client.whats_new.title')}</h1>
      <p className="muted">{t('client.whats_new.intro')}</p>
      <ul className="whats-new-list">
        {entries.map((entry) => (
          <li key={entry.id} data-entry={entry.id}>
            <time dateTime={entry.date}>{format.format(new Date(`${entry.date}T00:00:00Z`))}</time>
            <h2>{t(`client.whats_new.entries.${entry.id}.title`)}</h2>
            <p>{t(`client.whats_new.entries.${entry.id}.body`)}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
