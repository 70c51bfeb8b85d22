import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { useT } from '~/lib/i18n'
import { DialogFrame } from '~/components/ui/dialog'

export type AlertOptions = {
  title: string
  body?: string
  input?: {
    label?: string
    placeholder?: string
    maxLength?: number
    counter?: boolean
    initial?: string
  }
  cancelLabel?: string
  submitLabel?: string
  /** submit button styled as destructive */
  danger?: boolean
  /** closing by clicking the backdrop is optional (off by default) */
  backdropClose?: boolean
  onSubmit?: (value: string) => void
  onCancel?: () => void
}

const AlertContext = createContext<(options: AlertOptions) => void>(() => {})

let opened = 0

/**
 * The global alert dialog: one at a time, Esc cancels, Enter submits. Each
 * alert is a dialog of its own (a key), also one opened by the answer to
 * another: its own input, its own first focus.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<{ options: AlertOptions; key: number } | null>(null)
  const open = useCallback((options: AlertOptions) => setShown({ options, key: ++opened }), [])
  return (
    <AlertContext.Provider value={open}>
      {children}
      {shown && (
        <AlertDialog key={shown.key} options={shown.options} onClose={() => setShown(null)} />
      )}
    </AlertContext.Provider>
  )
}

export const useAlert = () => useContext(AlertContext)

/* the input when it asks for one, else the submit button */
const FIRST_FOCUS = 'input[name="alert-input"], .dialog-actions button:last-child'

function AlertDialog({ options, onClose }: { options: AlertOptions; onClose: () => void }) {
  const t = useT()
  const [value, setValue] = useState(options.input?.initial ?? '')

  const cancel = () => {
    onClose()
    options.onCancel?.()
  }
  const submit = () => {
    onClose()
    options.onSubmit?.(value)
  }

  /* Esc cancels (the frame); Enter submits */
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return
      event.preventDefault()
      submit()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const max = options.input?.maxLength
  return (
    <DialogFrame
      role="alertdialog"
      title={options.title}
      onClose={cancel}
      initialFocus={FIRST_FOCUS}
      backdropClose={options.backdropClose}
      actions={
        <>
          <button type="button" className="button ghost" onClick={cancel}>
            {options.cancelLabel ?? t('dialog.cancel')}
          </button>
          <button
            type="button"
            className={`button ${options.danger ? 'danger' : 'primary'}`}
            onClick={submit}
          >
            {options.submitLabel ?? t('dialog.submit')}
          </button>
        </>
      }
    >
      {options.body && <p className="muted">{options.body}</p>}
      {options.input && (
        <label className="field">
          {options.input.label && <span>{options.input.label}</span>}
          <input
            name="alert-input"
            value={value}
            maxLength={max}
            placeholder={options.input.placeholder}
            onChange={(event) => setValue(event.target.value)}
          />
          {max && options.input.counter && (
            <small className="counter">{t('dialog.counter', { count: value.length, max })}</small>
          )}
        </label>
      )}
    </DialogFrame>
  )
}
