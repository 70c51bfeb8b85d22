import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Layers, PartyPopper } from 'lucide-react'
import { useT } from '~/lib/i18n'
import { ClientDate } from '~/components/decks/deck_counts'
import { ReferralToast } from '~/components/payments/referral_toast'

/**
 * Nothing left for now: what was done, when the next card comes, and where to go (Enter: back to the decks);
 * `children` ask for more (feedback).
 */
export function CompleteScreen({
  studied,
  nextCardAppearsAt,
  children,
}: {
  studied: { cards: number; answers: number }
  nextCardAppearsAt: string | null
  children?: ReactNode
}) {
  const t = useT()
  const heading = useRef<HTMLHeadingElement>(null)
  /* the screen replaces the card: screen readers hear it, and Enter is not sent to a button that went away */
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <section className="card learn-done" aria-labelledby="learn-done-title">
      <span className="learn-done-emoji" aria-hidden="true">
        <PartyPopper size="1em" />
      </span>
      <h2 id="learn-done-title" ref={heading} tabIndex={-1}>
        {t('learn.complete.title')}
      </h2>
      <p>{t('learn.complete.body')}</p>
      <p className="learn-done-count" data-testid="studied-count">
        {t('learn.complete.studied', { count: studied.cards })}
      </p>
      {/* a card answered again (a lapse, a learning step) was studied once, answered twice */}
      {studied.answers > studied.cards && (
        <p className="muted" data-testid="answers-count">
          {t('learn.complete.answers', { count: studied.answers })}
        </p>
      )}
      {nextCardAppearsAt && (
        <p className="muted">
          {t('learn.complete.next')} <ClientDate iso={nextCardAppearsAt} withTime />
        </p>
      )}
      <div className="row learn-done-actions">
        <Link route="home" className="button primary" aria-keyshortcuts="Enter">
          {t('learn.complete.back')} <kbd aria-hidden="true">{t('learn.keys.enter_key')}</kbd>
        </Link>
        <Link route="statistics.show" className="button">
          {t('learn.complete.statistics')}
        </Link>
      </div>
      {children}
      <ReferralToast />
    </section>
  )
}

/** A deck without cards: where to add some (a shared deck someone else fills: the spec's "shared deck empty"). */
export function EmptyDeckScreen({ deckId, shared = false }: { deckId: number; shared?: boolean }) {
  const t = useT()
  if (shared) {
    return (
      <section
        className="card learn-done"
        aria-labelledby="learn-empty-title"
        data-state="shared-deck-empty"
      >
        <span className="learn-done-emoji" aria-hidden="true">
          <Layers size="1em" />
        </span>
        <h2 id="learn-empty-title">{t('participant.shared_empty.title')}</h2>
        <p className="muted">{t('participant.shared_empty.body')}</p>
        <div className="row learn-done-actions">
          <Link route="home" className="button">
            {t('learn.complete.back')}
          </Link>
        </div>
      </section>
    )
  }
  return (
    <section className="card learn-done" aria-labelledby="learn-empty-title">
      <span className="learn-done-emoji" aria-hidden="true">
        <Layers size="1em" />
      </span>
      <h2 id="learn-empty-title">{t('learn.empty.title')}</h2>
      <p className="muted">{t('learn.empty.body')}</p>
      <div className="row learn-done-actions">
        <Link route="notes.create" routeParams={{ deckId: deckId }} className="button primary">
          {t('learn.empty.add')}
        </Link>
        <Link route="home" className="button">
          {t('learn.complete.back')}
        </Link>
      </div>
    </section>
  )
}
