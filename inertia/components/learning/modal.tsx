import type { ReactNode } from 'react'
import { DialogFrame } from '~/components/ui/dialog'

/**
 * The learning page's dialogs (tutorial, card sheet, limits): the app's
 * dialog frame, the first button focused, Esc closes, the focus goes back.
 * While one is open (aria-modal) the page's shortcuts wait.
 */
export function LearnModal({
  title,
  onClose,
  children,
  actions,
  wide,
}: {
  title: string
  onClose: () => void
  children: ReactNode
  actions: ReactNode
  wide?: boolean
}) {
  return (
    <DialogFrame
      className={`dialog learn-dialog${wide ? ' wide' : ''}`}
      title={title}
      onClose={onClose}
      initialFocus=".dialog-actions .primary, .dialog-actions button, .dialog-actions a"
      actions={actions}
    >
      <div className="learn-dialog-body">{children}</div>
    </DialogFrame>
  )
}
