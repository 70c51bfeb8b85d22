import { router } from '@inertiajs/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import '~/css/admin.css'

/** The banner of a masquerade session (an admin signed in as a user), with the way back. */
export function MasqueradeBanner() {
  const { admin } = useShared()
  const t = useT()
  if (!admin?.masquerade) return null
  return (
    <div role="alert" className="masquerade-banner" data-masquerade={admin.masquerade.userId}>
      <strong>{t('admin.masquerade.banner', { user: admin.masquerade.userLabel })}</strong>{' '}
      <button
        type="button"
        className="button"
        onClick={() => router.post(urlFor('admin.masquerade.stop'))}
      >
        {t('admin.masquerade.stop')}
      </button>
    </div>
  )
}

/** An admin's debug panel: the level they chose on /admin (full shows more than limited). */
export function DebugPanel() {
  const { admin } = useShared()
  const t = useT()
  const debug = admin?.debug
  if (!debug) return null
  return (
    <aside
      className="debug-panel muted"
      aria-label={t('admin.debug.title')}
      data-debug={debug.level}
    >
      <span>{t('admin.debug.user', { id: debug.userId })}</span>{' '}
      <span>{t('admin.debug.premium', { premium: String(debug.premium) })}</span>
      {debug.requestId && (
        <>
          {' '}
          <span>{t('admin.debug.request', { id: debug.requestId })}</span>
        </>
      )}
      {debug.experiments && (
        <>
          {' '}
          <code>{JSON.stringify(debug.experiments)}</code>
        </>
      )}
    </aside>
  )
}
