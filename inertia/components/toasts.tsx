import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { useT } from '~/lib/i18n'

export type ToastType = 'default' | 'softUpdate' | 'whatsNew' | 'textSecondary' | 'lifetimePlan'
export type ToastOptions = {
  type?: ToastType
  title: string
  body?: string
  action?: { label: string; onClick: () => void }
  /** milliseconds; 3000 by default, 0 keeps it until closed */
  timeout?: number
}
type Toast = ToastOptions & { id: number }

const ToastContext = createContext<(options: ToastOptions) => void>(() => {})
export const TOAST_TIMEOUT = 3000
let nextId = 1

/** The toast stack: newest at the bottom, each with a close button. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), [])
  const show = useCallback((options: ToastOptions) => setToasts((list) => [...list, { ...options, id: nextId++ }]), [])
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-stack" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  )
}

export const useToast = () => useContext(ToastContext)

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const t = useT()
  const timeout = toast.timeout ?? TOAST_TIMEOUT
  useEffect(() => {
    if (!timeout) return
    const timer = setTimeout(onClose, timeout)
    return () => clearTimeout(timer)
  }, [timeout, onClose])
  return (
    <div className={`toast toast-${toast.type ?? 'default'}`}>
      <div className="toast-text">
        <strong>{toast.title}</strong>
        {toast.body && <span>{toast.body}</span>}
      </div>
      {toast.action && (
        <button
          type="button"
          className="button small"
          onClick={() => {
            toast.action!.onClick()
            onClose()
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="icon-button" aria-label={t('toast.close')} onClick={onClose}>
        ×
      </button>
    </div>
  )
}
