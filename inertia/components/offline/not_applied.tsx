import type { NotApplied } from '~/lib/offline/sync'
import { useT } from '~/lib/i18n'

/** What the server did not apply of the answers given offline, and why, in the learner's words (by reason). */
export function NotAppliedNotice({
  notApplied,
  onClose,
}: {
  notApplied: NotApplied[]
  onClose: () => void
}) {
  const t = useT()
  if (!notApplied.length) return null
  const byReason = new Map<string, number>()
  for (const item of notApplied) byReason.set(item.reason, (byReason.get(item.reason) ?? 0) + 1)
  return (
    <section
      className="card offline-not-applied"
      role="alert"
      aria-labelledby="offline-not-applied-title"
    >
      <h2 id="offline-not-applied-title">
        {t('offline.not_applied.title', { count: notApplied.length })}
      </h2>
      <ul>
        {[...byReason].map(([reason, count]) => (
          <li key={reason}>{t(`offline.not_applied.${reason}`, { count })}</li>
        ))}
      </ul>
      <button type="button" className="button small" onClick={onClose}>
        {t('offline.not_applied.close')}
      </button>
    </section>
  )
}
