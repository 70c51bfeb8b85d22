import { useId, useRef, type ReactNode } from 'react'
import { useModalFocus } from '~/lib/use_modal_focus'

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
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  useModalFocus(box, '.dialog-actions .primary, .dialog-actions button, .dialog-actions a', onClose)

  return (
    <div className="dialog-backdrop">
      <div ref={box} className={`dialog learn-dialog${wide ? ' wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        <div className="learn-dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  )
}
