import { useEffect, useRef } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { useToast } from '~/components/ui/toasts'
import { announcedElsewhere } from '~/components/decks/use_deck_polling'
import type { DialogImport, Phase, Problem } from '~/components/imports/upload'

const POLL_MS = 1000

type Follow = {
  /** the deck list's props to refresh when the import's deck appears and when it is done */
  reload: string[]
  onClose: () => void
  setPhase: (phase: Phase) => void
  setProblem: (problem: Problem | null) => void
}

/**
 * The end of an import as the dialog shows it: a failure stays, a cancel or a clean finish closes with a
 * toast, warnings stay to be read.
 */
function useImportEnd({ reload, onClose, setPhase }: Follow) {
  const t = useT()
  const toast = useToast()
  return (current: DialogImport) => {
    router.reload({ only: reload })
    if (current.status === 'failed') return setPhase({ name: 'failed', record: current })
    if (current.status === 'cancelled') {
      toast({ title: t('imports.status.cancelled') })
      return onClose()
    }
    const counts = current.counts as Partial<Record<'notes' | 'updated' | 'cards', number>>
    const updatedOnly = !counts.notes && (counts.updated ?? 0) > 0
    toast({
      title: updatedOnly
        ? t('imports.done.updated', { count: counts.updated })
        : t('imports.done.imported', { count: counts.cards ?? 0 }),
    })
    if (current.warnings.length) setPhase({ name: 'finished', record: current })
    else onClose()
  }
}

/**
 * Follows an import until its deck is written: polls it every second while
 * it is queued or running (a lost connection is tried again, a refusal ends
 * the follow). The dialog announces the end itself, with the import's
 * counts; closed before, it leaves the announcement to the deck list.
 */
export function useImportFollow(options: Follow) {
  const t = useT()
  const end = useImportEnd(options)
  const pollTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const following = useRef<number | null>(null)
  const followedDeck = useRef<number | null>(null)

  const stop = () => {
    if (pollTimer.current) clearTimeout(pollTimer.current)
    pollTimer.current = null
    following.current = null
  }

  useEffect(
    () => () => {
      if (following.current !== null && followedDeck.current)
        announcedElsewhere.delete(followedDeck.current)
      stop()
    },
    []
  )

  const follow = (record: DialogImport) => {
    stop()
    following.current = record.id
    followedDeck.current = record.deckId
    /* this dialog announces the end itself, with the import's counts; the deck list only shows the deck at work */
    if (record.deckId) announcedElsewhere.add(record.deckId)
    router.reload({ only: options.reload })
    const poll = async () => {
      if (following.current !== record.id) return
      try {
        settle(await requestJson<DialogImport>(urlFor('deck_imports.show', { id: record.id })))
      } catch (error) {
        /* a lost connection or a server hiccup: try again; a refusal ends the follow */
        if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
          stop()
          options.setPhase({ name: 'form' })
          options.setProblem({ title: error.title || t('imports.errors.generic') })
          return
        }
        if (following.current === record.id) pollTimer.current = setTimeout(poll, POLL_MS)
      }
    }
    const settle = (current: DialogImport) => {
      if (following.current !== record.id) return
      if (current.status === 'queued' || current.status === 'processing') {
        options.setPhase({ name: 'importing', record: current })
        pollTimer.current = setTimeout(poll, POLL_MS)
        return
      }
      stop()
      end(current)
    }
    settle(record)
  }

  return { follow, stop }
}
