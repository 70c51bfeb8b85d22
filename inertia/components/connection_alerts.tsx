import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { CONNECTION_PROBLEM, type ConnectionProblem } from '~/lib/http'
import { DialogFrame } from '~/components/ui/dialog'

const SUPPORT_EMAIL = 'support@mnemo.app'

type Kind = 'offline' | 'unreachable' | 'server' | 'maintenance' | 'generic'
type Shown = { kind: Kind; status: number; title?: string; body?: string }

/** The spec's error catalogue (000 §8): which alert a failed request brings. */
function alertFor(problem: ConnectionProblem, online: boolean): Shown {
  if (problem.status === 0) return { kind: online ? 'unreachable' : 'offline', status: 0 }
  if (problem.status === 500) return { kind: 'server', status: 500 }
  if (problem.status === 502 || problem.status === 504)
    return { kind: 'maintenance', status: problem.status, title: problem.title, body: problem.body }
  return { kind: 'generic', status: problem.status, title: problem.title, body: problem.body }
}

const dataOf = (data: unknown) =>
  data && typeof data === 'object' ? (data as { title?: string; body?: string }) : {}

/**
 * Page-wide alerts for requests that fail outside any form: a visit or a
 * JSON call the server answered with 500 (the server-is-down alert, with
 * support's address), 502 or 504 (the maintenance alert, the server's own
 * text when it sent one), another error (something went wrong, with a
 * reload), no answer at all (no server connection), or the browser offline
 * (are you offline?, gone when the connection is back). Each can be closed;
 * the page under it stays as it was.
 */
export function ConnectionAlerts() {
  const t = useT()
  const [shown, setShown] = useState<Shown | null>(null)
  useEffect(() => {
    const show = (problem: ConnectionProblem) => setShown(alertFor(problem, navigator.onLine))
    const stopHttp = router.on('httpException', (event) => {
      const { status, data } = event.detail.response
      show({ status, ...dataOf(data) })
      event.preventDefault()
    })
    const stopNetwork = router.on('networkError', (event) => {
      show({ status: 0 })
      event.preventDefault()
    })
    const fromRequests = (event: Event) => show((event as CustomEvent<ConnectionProblem>).detail)
    const offline = () => setShown({ kind: 'offline', status: 0 })
    const online = () =>
      setShown((current) =>
        current?.kind === 'offline' || current?.kind === 'unreachable' ? null : current
      )
    window.addEventListener(CONNECTION_PROBLEM, fromRequests)
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    return () => {
      stopHttp()
      stopNetwork()
      window.removeEventListener(CONNECTION_PROBLEM, fromRequests)
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
    }
  }, [])
  if (!shown) return null

  const texts: Record<Kind, { title: string; body: string }> = {
    offline: { title: t('connection.offline_title'), body: t('connection.offline_body') },
    unreachable: {
      title: t('connection.unreachable_title'),
      body: t('connection.unreachable_body'),
    },
    server: { title: t('errors.server_title'), body: t('errors.server_body') },
    maintenance: {
      title: shown.title || t('connection.maintenance_title'),
      body: shown.body || t('connection.maintenance_body'),
    },
    generic: {
      title: t('errors.something_wrong'),
      body: shown.title
        ? `${shown.title} (${shown.status})`
        : t('connection.status', { status: shown.status }),
    },
  }
  const { title, body } = texts[shown.kind]
  /* no Esc: the learner closes it with its button, which has the focus */
  return (
    <DialogFrame
      className="card stack"
      role="alertdialog"
      title={title}
      describedBy="connection-alert-body"
      backdrop={{ 'data-connection-alert': shown.kind }}
    >
      <p id="connection-alert-body">{body}</p>
      {shown.kind === 'server' && (
        <a href={`mailto:${SUPPORT_EMAIL}`}>
          {t('connection.contact_support', { email: SUPPORT_EMAIL })}
        </a>
      )}
      <div className="row">
        {shown.kind === 'generic' && (
          <button type="button" className="button primary" onClick={() => window.location.reload()}>
            {t('connection.reload')}
          </button>
        )}
        <button type="button" className="button" autoFocus onClick={() => setShown(null)}>
          {t('connection.close')}
        </button>
      </div>
    </DialogFrame>
  )
}
