import { useEffect, useRef, type RefObject } from 'react'

/**
 * What every dialog does with the keyboard: focus its first control (the
 * first match of `selector`), close on Esc, and give the focus back to where
 * it was when it closes. Without `onClose` (a dialog that handles its keys
 * itself, or one that cannot be closed) it does nothing.
 */
export function useModalFocus(box: RefObject<HTMLElement | null>, selector: string, onClose: (() => void) | undefined) {
  const close = useRef(onClose)
  close.current = onClose
  const handles = useRef(Boolean(onClose)).current
  useEffect(() => {
    if (!handles) return
    const previous = document.activeElement as HTMLElement | null
    box.current?.querySelector<HTMLElement>(selector)?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      close.current?.()
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      previous?.focus()
    }
  }, [])
}
