import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { LearnModal } from '~/components/learning/modal'
import type { Blocked } from '~/components/learning/use_learning_session'

/**
 * The free daily limit (402: the paywall) or the guest limit (403: sign up)
 * was reached: the server's own title and body, and the way on. The session stops.
 */
export function LimitDialog({ blocked, onClose }: { blocked: Blocked; onClose: () => void }) {
  const t = useT()
  return (
    <LearnModal
      title={blocked.title}
      onClose={onClose}
      actions={
        <>
          <Link route="home" className="button ghost">
            {t('learn.complete.back')}
          </Link>
          <a
            href={`/paywall?reason=${blocked.kind === 'guest' ? 'guest' : 'daily'}`}
            className="button"
            data-paywall-link
          >
            {t('limits.paywall.open')}
          </a>
          {blocked.kind === 'guest' && (
            <Link route="auth.sign_up" className="button primary">
              {t('learn.limit.sign_up')}
            </Link>
          )}
        </>
      }
    >
      {blocked.body && blocked.body !== blocked.title && <p className="muted">{blocked.body}</p>}
    </LearnModal>
  )
}
