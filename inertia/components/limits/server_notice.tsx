import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'

/**
 * Non-cancelable notices from the remote flags: the maintenance alert for
 * users created before it started (serverDown), else the server message
 * (flag server_message). Neither has a way to close it: they go when the
 * flag changes and the next page comes.
 */
export function ServerNotice() {
  const { serverDown, remoteFlags } = useShared()
  const t = useT()
  const message = serverDown ? { title: t('limits.server_down.title'), body: t('limits.server_down.body') } : remoteFlags.server_message
  if (!message) return null
  return (
    <div className="dialog-backdrop" data-server-notice={serverDown ? 'maintenance' : 'message'}>
      <div className="card stack" role="alertdialog" aria-modal="true" aria-labelledby="server-notice-title">
        <h2 id="server-notice-title">{message.title}</h2>
        {message.body && <p>{message.body}</p>}
      </div>
    </div>
  )
}
