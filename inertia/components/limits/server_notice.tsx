import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { DialogFrame } from '~/components/ui/dialog'

/**
 * Non-cancelable notices from the remote flags: the maintenance alert for
 * users created before it started (serverDown), else the server message
 * (flag server_message). Neither has a way to close it: they go when the
 * flag changes and the next page comes.
 */
export function ServerNotice() {
  const { serverDown, remoteFlags } = useShared()
  const t = useT()
  const message = serverDown
    ? { title: t('limits.server_down.title'), body: t('limits.server_down.body') }
    : remoteFlags.server_message
  if (!message) return null
  return (
    <DialogFrame
      className="card stack"
      role="alertdialog"
      title={message.title}
      backdrop={{ 'data-server-notice': serverDown ? 'maintenance' : 'message' }}
    >
      {message.body && <p>{message.body}</p>}
    </DialogFrame>
  )
}
