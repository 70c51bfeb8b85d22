import { useEffect, useEffectEvent, useRef } from 'react'
import { router, usePoll } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useToast } from '~/components/ui/toasts'
import { requestJson } from '~/lib/http'
import type { Data } from '~generated/data'

type PollingEntry = Data.DeckJob
type StartedJob = Data.StartedJob

/** Spec 9: the app polls every 3 s. */
export const POLLING_INTERVAL = 3000

type T = ReturnType<typeof useT>

/**
 * Decks whose end another component announces itself: the import dialog
 * toasts with the import's own counts, and a failed or cancelled import's
 * deck disappears from the poll like a finished one.
 */
export const announcedElsewhere = new Set<number>()

function finishedMessage(t: T, job: StartedJob) {
  const count = job.counters.total
  switch (job.state) {
    case 'duplicating':
      return t('decks.jobs.duplicated', { name: job.name, count })
    case 'notes_moving':
      return t('decks.jobs.moved', { count, destination: job.destinationName ?? '' })
    case 'bulk_reversing':
      if (job.reverse === undefined) return t('decks.jobs.reverse_done', { count })
      return job.reverse
        ? t('decks.jobs.reversed', { count })
        : t('decks.jobs.unreversed', { count })
    case 'notes_importing':
      return t('decks.jobs.imported', { count })
    case 'ai_notes_generation':
      return t('decks.jobs.generated', { count: job.counters.processed })
    default:
      return t('decks.jobs.done', { name: job.name })
  }
}

/**
 * Background polling (spec 4): decks a job works on are tracked; one that
 * leaves the poll list is finished (success toast, `reload` props refreshed),
 * one that turns `processing_failed` gets the failure notice. Polls while
 * anything is tracked.
 */
export function useDeckPolling(polling: PollingEntry[], started: StartedJob[], reload: string[]) {
  const t = useT()
  const toast = useToast()
  const tracked = useRef(new Map<number, StartedJob>())
  const seenStarted = useRef<StartedJob[] | null>(null)
  /* whether the poll runs: started and stopped on a change only (a start restarts its clock) */
  const active = useRef(false)
  /* Inertia keeps an unchanged prop's identity, so the poll runs on its own clock while anything is tracked */
  const { start, stop } = usePoll(
    POLLING_INTERVAL,
    { only: ['polling'] },
    { autoStart: false, mode: 'rest' }
  )

  /* the poll's answers drive it; the toasts and the reload take the latest t, toast and props */
  const track = useEffectEvent(() => {
    if (seenStarted.current !== started) {
      seenStarted.current = started
      for (const job of started) tracked.current.set(job.id, job)
    }
    const current = new Map(polling.map((entry) => [entry.id, entry]))
    let finished = false
    for (const [id, job] of tracked.current) {
      const now = current.get(id)
      if (now?.state === 'processing_failed') {
        const full = now.failureCode === 'E_CARDS_LIMIT_REACHED'
        toast({
          title: t(full ? 'decks.jobs.failed_cards_limit' : 'decks.jobs.failed', {
            name: job.name,
          }),
          type: 'textSecondary',
          timeout: 0,
        })
      } else if (!now) {
        if (announcedElsewhere.delete(id)) {
          /* the generator page (or the import dialog) announced it */
        } else if (job.state === 'ai_notes_generation' && job.streamId) {
          /* spec: after a finished AI stream, the stream's notes are fetched; the toast says how many it made */
          const fallback = job
          requestJson<{ count: number }>(`/ai/streams/${job.streamId}`)
            .then((stream) => toast({ title: t('decks.jobs.generated', { count: stream.count }) }))
            .catch(() => toast({ title: finishedMessage(t, fallback) }))
        } else toast({ title: finishedMessage(t, job) })
      } else continue
      tracked.current.delete(id)
      finished = true
    }
    for (const entry of polling) {
      if (entry.state !== 'processing_failed')
        tracked.current.set(entry.id, { ...tracked.current.get(entry.id), ...entry })
    }
    if (finished) router.reload({ only: reload })
    const anything = tracked.current.size > 0
    if (anything === active.current) return
    active.current = anything
    if (anything) start()
    else stop()
  })
  useEffect(() => track(), [polling, started])
  useEffect(
    () => () => {
      active.current = false
      stop()
    },
    [stop]
  )
}
