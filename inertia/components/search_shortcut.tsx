import { useEffect } from 'react'
import { isMod } from '~/components/editor/shortcuts'

/**
 * Mod+F (spec: "search modifier+F") goes to the page's own search box when
 * it has one (the card browser, a deck's cards, the library); elsewhere the
 * browser's find works as usual.
 */
export function SearchShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isMod(event) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'f') return
      const box = document.querySelector<HTMLInputElement>('main input[type="search"]')
      if (!box) return
      event.preventDefault()
      box.focus()
      box.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return null
}
