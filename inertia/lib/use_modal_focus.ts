import { useEffect, useEffectEvent, useState, type RefObject } from 'react'

/**
 * What every dialog does with the keyboard: focus its first control (the
 * first match of `selector`), close on Esc, and give the focus back to where
 * it was when it closes. Without `onClose` (a dialog that handles its keys
 * itself, or one that cannot be closed) it does nothing.
 */
export function useModalFocus(
  box: RefObject<HTMLElement | null>,
  selector: string,
  onClose: (() => void) | undefined
) {
  /* whether it handles the keys is settled when the dialog opens */
  const [handles] = useState(Boolean(onClose))
  /* the latest onClose and controls, read as the dialog opens and at each Esc */
  const focusFirst = useEffectEvent(() =>
    box.current?.querySelector<HTMLElement>(selector)?.focus()
  )
  const close = useEffectEvent(() => onClose?.())
  useEffect(() => {
    if (!handles) return
    const previous = document.activeElement as HTMLElement | null
    focusFirst()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      close()
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      previous?.focus()
    }
  }, [handles])
}
