import { useEffect, useEffectEvent, useState } from 'react'
import { router } from '@inertiajs/react'
import { urlFor } from '~/lib/routes'
import { isMod } from './shortcuts'
import type { EditedNote, EditorDeck, NoteDraft } from './note_draft'

type SaveNote = {
  deck: EditorDeck
  /** null: a new note */
  note: EditedNote | null
  draft: NoteDraft
  /** lets the visit leave the page: the leave guard stays quiet for it (call the result when done) */
  allow: () => () => void
  /** the fields' ids are `${idPrefix}-0`, …: the first is focused for the next note */
  idPrefix: string
}

/**
 * The notes editor's save: an Inertia visit (PUT the note, or POST a new
 * one), also on Mod+Enter from anywhere on the page. A new note saved
 * leaves empty fields of the same type, the first one focused: Anki's Add
 * dialog, ready for the next one. `attempted`: a save was tried with this
 * note type, so the preview may say in red what is missing. `unsaved`: the
 * last new note never reached the server (no answer, or a 5xx, 408 or 429):
 * its fields stay as they were and the editor offers to try again, in place
 * of the page-wide alert (the spec's "last instantly created card not saved").
 */
export function useSaveNote({ deck, note, draft, allow, idPrefix }: SaveNote) {
  const [saving, setSaving] = useState(false)
  const [attempted, setAttempted] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const [unsaved, setUnsaved] = useState(false)

  const save = () => {
    if (saving) return
    const done = allow()
    setSaving(true)
    setAttempted(true)
    setUnsaved(false)
    const options = {
      preserveScroll: true,
      onFinish: () => {
        setSaving(false)
        done()
      },
    }
    if (note) {
      router.put(urlFor('notes.update', { id: note.id }), draft.payload, options)
    } else {
      router.post(urlFor('notes.store', { deckId: deck.id }), draft.payload, {
        ...options,
        onNetworkError: () => {
          setUnsaved(true)
          return false
        },
        onHttpException: (response) => {
          if (!notSaved(response.status)) return
          setUnsaved(true)
          return false
        },
        /* Anki's Add dialog: empty fields, same note type, ready for the next one */
        onSuccess: () => {
          draft.clear()
          setAttempted(false)
          setFocusRequest((count) => count + 1)
        },
      })
    }
  }
  /* the key saves what the latest render holds */
  const saveFromKey = useEffectEvent(() => save())

  /* Mod+Enter saves from anywhere on the page (before the editor turns it into a line break) */
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !isMod(event) || event.shiftKey || event.altKey) return
      if (document.querySelector('[role="alertdialog"]')) return
      event.preventDefault()
      event.stopPropagation()
      saveFromKey()
    }
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [])

  useEffect(() => {
    if (!focusRequest) return
    const frame = requestAnimationFrame(() => document.getElementById(`${idPrefix}-0`)?.focus())
    return () => cancelAnimationFrame(frame)
  }, [focusRequest, idPrefix])

  return { save, saving, attempted, setAttempted, unsaved }
}

/** A failure worth trying again as it is: the server is down, busy or timed out (a 403 or 404 is not). */
const notSaved = (status: number) => status >= 500 || status === 408 || status === 429
