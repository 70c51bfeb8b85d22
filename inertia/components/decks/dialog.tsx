import { useId, useRef, type FormEvent, type ReactNode } from 'react'
import { useT } from '~/lib/i18n'
import '~/css/decks.css'
import { useModalFocus } from '~/lib/use_modal_focus'

/**
 * A form in the alert's frame, for choices the one-input alert cannot hold
 * (colors, pickers). Esc cancels; the focus goes back where it was.
 */
export function Dialog({
  title,
  submitLabel,
  danger,
  disabled,
  onSubmit,
  onClose,
  children,
}: {
  title: string
  submitLabel: string
  danger?: boolean
  disabled?: boolean
  onSubmit: () => void
  onClose: () => void
  children: ReactNode
}) {
  const t = useT()
  const id = useId()
  const box = useRef<HTMLFormElement>(null)

  useModalFocus(box, 'input:not(:disabled), select, button:not(:disabled)', onClose)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!disabled) onSubmit()
  }

  return (
    <div className="dialog-backdrop">
      <form ref={box} className="dialog decks-dialog" role="dialog" aria-modal="true" aria-labelledby={id} onSubmit={submit}>
        <h2 id={id}>{title}</h2>
        <div className="decks-dialog-body">{children}</div>
        <div className="dialog-actions">
          <button type="button" className="button ghost" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className={`button ${danger ? 'danger' : 'primary'}`} disabled={disabled}>
            {submitLabel}
          </button>
        </div>
      </form>
    </div>
  )
}
