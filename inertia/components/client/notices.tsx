import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { CsrfField } from '~/components/ui/csrf_field'
import '~/css/client.css'

/*
 * A dismiss button as a real form: it works before React does, and the cookie it sets keeps the notice away
 * (365 days)
 */
export function DismissForm({
  action,
  name,
  label,
  ariaLabel,
}: {
  action: string
  name: string
  label: string
  ariaLabel?: string
}) {
  return (
    <form method="post" action={action}>
      <CsrfField />
      <button type="submit" className="button small" data-dismiss={name} aria-label={ariaLabel}>
        {label}
      </button>
    </form>
  )
}

function Dismiss({ name, label }: { name: 'rebrand' | 'app_banner'; label: string }) {
  return <DismissForm action={urlFor('notices.dismiss', { name })} name={name} label={label} />
}

/** The rebrand notice, on every page until dismissed. */
export function RebrandNotice() {
  const { notices } = useShared()
  const t = useT()
  if (!notices.rebrand) return null
  return (
    <div className="notice-bar" data-notice="rebrand">
      <p>
        <strong>{t('client.rebrand.title')}</strong> {t('client.rebrand.body')}
      </p>
      <Dismiss name="rebrand" label={t('client.rebrand.dismiss')} />
    </div>
  )
}

/** The mobile apps' banner with their claims (spec §1), until dismissed. */
export function AppBanner() {
  const { notices } = useShared()
  const t = useT()
  if (!notices.appBanner) return null
  return (
    <aside className="app-banner" data-notice="app_banner">
      <div>
        <strong>{t('client.app_banner.title')}</strong>
        <div className="claims">{t('client.app_banner.claims')}</div>
      </div>
      <div className="stores">
        <a
          className="button small"
          href={notices.appStoreUrl}
          rel="noopener noreferrer"
          target="_blank"
        >
          {t('client.app_banner.app_store')}
        </a>
        <a
          className="button small"
          href={notices.playStoreUrl}
          rel="noopener noreferrer"
          target="_blank"
        >
          {t('client.app_banner.play_store')}
        </a>
      </div>
      <Dismiss name="app_banner" label={t('client.app_banner.dismiss')} />
    </aside>
  )
}
