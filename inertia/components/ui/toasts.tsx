import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'

type ToastType = 'default' | 'softUpdate' | 'whatsNew' | 'textSecondary' | 'lifetimePlan'
export type ToastOptions = {
  type?: ToastType
  title: string
  body?: string
  action?: { label: string; onClick: () => void }
  /** milliseconds; 3000 by default, 0 keeps it until closed */
  timeout?: number
}
/** `owner`: the signed-in account the toast was shown to (null: nobody) */
type Toast = ToastOptions & { id: number; owner: number | null }

const ToastContext = createContext<(options: ToastOptions) => void>(() => {})
/* the flash whose error the page shows by its form (FormError): a toast of it would say the same twice */
const InlineErrorContext = createContext<{ current: string | null }>({ current: null })
/* long enough to read a sentence, on a busy machine too (3 s went before slower readers, and tests, saw it) */
const TOAST_TIMEOUT = 5000
let nextId = 1

/**
 * The toast stack: newest at the bottom, each with a close button. A toast
 * belongs to the session it was shown in: once the account signs out (or is
 * deleted), what was said to it leaves the screen with it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const owner = useShared().user?.id ?? null
  const ownerRef = useRef(owner)
  /* before the effects that may toast see this render */
  useLayoutEffect(() => {
    ownerRef.current = owner
  }, [owner])
  const inlineError = useRef<string | null>(null)
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)),
    []
  )
  const show = useCallback(
    (options: ToastOptions) =>
      setToasts((list) => [
        ...list.filter((toast) => toast.owner === ownerRef.current),
        { ...options, id: nextId++, owner: ownerRef.current },
      ]),
    []
  )
  return (
    <ToastContext.Provider value={show}>
      <InlineErrorContext.Provider value={inlineError}>
        {children}
        <div className="toast-stack" role="status" aria-live="polite">
          {toasts
            .filter((toast) => toast.owner === owner)
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
            ))}
        </div>
      </InlineErrorContext.Provider>
    </ToastContext.Provider>
  )
}

export const useToast = () => useContext(ToastContext)

/** The id of the flash whose error the page shows inline: FormError sets it, the flash toasts skip that error. */
export const useInlineError = () => useContext(InlineErrorContext)

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
