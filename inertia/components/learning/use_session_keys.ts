import { useEffect, useEffectEvent, useState, type RefObject } from 'react'
import { router } from '@inertiajs/react'
import { urlFor } from '~/lib/routes'
import { isTyping } from '~/lib/keys'
import type { Data } from '~generated/data'
import type { useLearningSession } from '~/components/learning/use_learning_session'

type Session = ReturnType<typeof useLearningSession>

/* a key typed into a field belongs to the field; Esc and Enter there are the type-in field's own */

/** The type-in field belongs to one showing of one card: a new card, or the same card back after undo, starts empty. */
export function useTypeIn(card: Pick<Data.LearningCard, 'id' | 'version'> | null) {
  const key = card ? `${card.id}:${card.version}` : ''
  const [typing, setTyping] = useState({ key: '', text: '', open: true, focus: 0 })
  const state = typing.key === key ? typing : { key, text: '', open: true, focus: 0 }
  const change = (patch: Partial<typeof state>) => setTyping({ ...state, ...patch })
  /* opened again, and focused again: `focus` counts the requests */
  const reopen = () => change({ open: true, focus: state.focus + 1 })
  return { key, state, change, reopen }
}

export type TypeIn = ReturnType<typeof useTypeIn>

/**
 * The page's keys, attached once; `onKey` sees the latest render. A click
 * into the card gives its frame the keyboard: the frame's keys count too (it
 * is same-origin), and the first one hands the keyboard back to the page,
 * since flipping replaces the frame's document and a key pressed while the
 * new one loads would reach nothing.
 */
function usePageKeys(root: RefObject<HTMLElement | null>, onKey: (event: KeyboardEvent) => void) {
  const handler = useEffectEvent(onKey)
  useEffect(() => {
    const listener = (event: KeyboardEvent) => handler(event)
    window.addEventListener('keydown', listener)
    const fromFrame = (event: KeyboardEvent) => {
      listener(event)
      root.current?.focus({ preventScroll: true })
    }
    const onFrameLoad = (event: Event) => {
      if (event.target instanceof HTMLIFrameElement)
        event.target.contentDocument?.addEventListener('keydown', fromFrame)
    }
    const page = root.current
    page?.addEventListener('load', onFrameLoad, true)
    return () => {
      window.removeEventListener('keydown', listener)
      page?.removeEventListener('load', onFrameLoad, true)
    }
  }, [root])
}

/**
 * Ctrl+1..7 (as in Anki; Cmd on a Mac) toggles the flag of the card shown;
 * true when the key was one of them.
 */
function flagKey(event: KeyboardEvent, session: Session) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false
  const digit = /^(?:Digit|Numpad)([1-7])$/.exec(event.code)?.[1]
  if (!digit || !session.state.current || session.state.finished || session.state.blocked)
    return false
  if (document.querySelector('[aria-modal="true"]') || isTyping(event.target)) return false
  event.preventDefault()
  if (!event.repeat) session.flag(Number(digit))
  return true
}

/**
 * The session's keyboard: Space flips, 1–4 answer once the back was shown,
 * Ctrl+1..7 flags, - buries, Z undoes, T opens the type-in field, E the
 * editor; Enter on the complete screen goes home. A dialog in front has the
 * keyboard.
 */
export function useSessionKeys(
  root: RefObject<HTMLElement | null>,
  session: Session,
  typeIn: TypeIn,
  openEditor: () => void
) {
  const { state } = session
  const card = state.current
  usePageKeys(root, (event) => {
    if (flagKey(event, session)) return
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
    /* a dialog (tutorial, editor, confirmation, streak) has the keyboard */
    if (document.querySelector('[aria-modal="true"]')) return
    if (isTyping(event.target)) return
    const key = event.key.toLowerCase()
    if (key === 'z') {
      event.preventDefault()
      if (!event.repeat) session.undo()
      return
    }
    if (state.finished || state.blocked) {
      const onControl = event.target instanceof HTMLElement && event.target.closest('a, button')
      if (event.key === 'Enter' && state.finished && !onControl) {
        event.preventDefault()
        router.visit(urlFor('home'))
      }
      return
    }
    if (!card) return
    if (event.key === ' ' || event.code === 'Space') {
      event.preventDefault()
      if (!event.repeat) session.flip()
      return
    }
    /* by the key's place, so 1–4 work on layouts where digits need Shift (AZERTY) */
    const digit =
      /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1] ??
      (/^[1-9]$/.test(event.key) ? event.key : null)
    if (digit) {
      const button = card.answerButtons[Number(digit) - 1]
      if (!button || !state.revealed) return
      event.preventDefault()
      if (!event.repeat) session.answer(button.type)
      return
    }
    if (event.key === '-' || event.code === 'NumpadSubtract') {
      event.preventDefault()
      if (!event.repeat) session.bury()
      return
    }
    if (key === 't' && card.typeIn && !state.revealed) {
      event.preventDefault()
      typeIn.reopen()
    } else if (key === 'e') {
      event.preventDefault()
      openEditor()
    }
  })
}
