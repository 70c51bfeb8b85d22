import { useEffect, useEffectEvent, useRef } from 'react'
import { useT } from '~/lib/i18n'
import { isTyping } from '~/lib/keys'
import { useShared } from '~/lib/shared'
import { useToast } from '~/components/ui/toasts'
import { TopCounters } from '~/components/learning/top_counters'
import { CardView } from '~/components/learning/session_screens'
import { useTypeIn } from '~/components/learning/use_session_keys'
import { useOfflineSession } from '~/components/offline/use_offline_session'

type Session = ReturnType<typeof useOfflineSession>

/* Space shows the answer, 1-4 answer, Z undoes: the online page's keys */
function useOfflineKeys(session: Session, onUndo: () => void) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey || !session.card)
      return
    if (event.key === ' ' && !session.revealed) {
      event.preventDefault()
      session.reveal()
    } else if (/^[1-4]$/.test(event.key) && session.revealed) {
      const button = session.card.answerButtons[Number(event.key) - 1]
      if (button) void session.answer(button.type)
    } else if (event.key.toLowerCase() === 'z') onUndo()
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])
}

/** One root deck studied from the device's copy (docs/offline.md). */
export function OfflineStudy({
  deckId,
  onAnswered,
  onExit,
}: {
  deckId: number
  onAnswered: () => void
  onExit: () => void
}) {
  const t = useT()
  const { locale } = useShared()
  const toast = useToast()
  const session = useOfflineSession(deckId, onAnswered)
  const typeIn = useTypeIn(session.card)
  const root = useRef<HTMLDivElement>(null)
  const undo = () =>
    void session
      .undo()
      .then(
        (undone) =>
          !undone && toast({ title: t('offline.study.nothing_to_undo'), type: 'textSecondary' })
      )
  useOfflineKeys(session, undo)
  const { deck, card } = session

  if (deck === undefined)
    return (
      <p className="muted" role="status">
        {t('learn.loading')}
      </p>
    )
  if (deck === null)
    return (
      <section className="card learn-done">
        <p>{t('offline.study.not_available')}</p>
        <button type="button" className="button primary" onClick={onExit}>
          {t('offline.study.back')}
        </button>
      </section>
    )
  const speed = deck.settings.algorithm.type === 'speedLearning'
  return (
    <div
      ref={root}
      className="learn-page"
      tabIndex={-1}
      data-offline-deck={deck.deckId}
      data-studied={session.studied}
    >
      <header className="learn-top">
        <h1 className="learn-title">
          <button type="button" className="learn-exit link-button" onClick={onExit}>
            <span aria-hidden="true">‹ </span>
            {deck.name}
          </button>
        </h1>
        <TopCounters
          counters={{
            new: session.counts.new,
            learning: session.counts.learning,
            graduated: session.counts.review,
          }}
          algorithm={speed ? 'speedLearning' : 'spacedRepetition'}
          currentState={card?.state}
        />
      </header>
      {card ? (
        <CardView
          card={card}
          state={{ side: session.revealed ? 'back' : 'front', revealed: session.revealed }}
          typeIn={typeIn}
          session={{ reveal: session.reveal, answer: (type) => void session.answer(type) }}
        />
      ) : (
        <section className="card learn-done" aria-labelledby="offline-done-title">
          <h2 id="offline-done-title">{t('offline.study.done_title')}</h2>
          <p className="muted" role="status">
            {session.nextDueAt
              ? t('offline.study.next_at', {
                  time: new Date(session.nextDueAt).toLocaleTimeString(locale, {
                    timeStyle: 'short',
                  }),
                })
              : t('offline.study.done_body')}
          </p>
          <button type="button" className="button primary" onClick={onExit}>
            {t('offline.study.back')}
          </button>
        </section>
      )}
      <div className="learn-tools" role="toolbar" aria-label={t('learn.tools')}>
        <button type="button" className="button small" aria-keyshortcuts="Z" onClick={undo}>
          {t('learn.actions.undo')} <kbd aria-hidden="true">Z</kbd>
        </button>
      </div>
    </div>
  )
}
