import { useEffect, useId, useRef, type ReactNode } from 'react'

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
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    box.current?.querySelector<HTMLElement>('.dialog-actions .primary, .dialog-actions button, .dialog-actions a')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      close.current()
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      previous?.focus()
    }
  }, [])

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
