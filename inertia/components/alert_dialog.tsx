import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { useT } from '~/lib/i18n'

export type AlertOptions = {
  title: string
  body?: string
  input?: { label?: string; placeholder?: string; maxLength?: number; counter?: boolean; initial?: string }
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

/** The global alert dialog: one at a time, Esc cancels, Enter submits. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<AlertOptions | null>(null)
  const open = useCallback((next: AlertOptions) => setOptions(next), [])
  return (
    <AlertContext.Provider value={open}>
      {children}
      {options && <AlertDialog options={options} onClose={() => setOptions(null)} />}
    </AlertContext.Provider>
  )
}

export const useAlert = () => useContext(AlertContext)

function AlertDialog({ options, onClose }: { options: AlertOptions; onClose: () => void }) {
  const t = useT()
  const [value, setValue] = useState(options.input?.initial ?? '')
  const inputRef = useRef<HTMLInputElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)

  const cancel = () => {
    onClose()
    options.onCancel?.()
  }
  const submit = () => {
    onClose()
    options.onSubmit?.(value)
  }

  useEffect(() => {
    ;(inputRef.current ?? submitRef.current)?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        cancel()
      } else if (event.key === 'Enter') {
        event.preventDefault()
        submit()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const max = options.input?.maxLength
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && options.backdropClose && cancel()}>
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="alert-title">
        <h2 id="alert-title">{options.title}</h2>
        {options.body && <p className="muted">{options.body}</p>}
        {options.input && (
          <label className="field">
            {options.input.label && <span>{options.input.label}</span>}
            <input
              ref={inputRef}
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
        <div className="dialog-actions">
          <button type="button" className="button ghost" onClick={cancel}>
            {options.cancelLabel ?? t('dialog.cancel')}
          </button>
          <button ref={submitRef} type="button" className={`button ${options.danger ? 'danger' : 'primary'}`} onClick={submit}>
            {options.submitLabel ?? t('dialog.submit')}
          </button>
        </div>
      </div>
    </div>
  )
}
