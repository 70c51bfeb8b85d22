import { lazy, Suspense, useRef, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Keyboard } from 'lucide-react'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { useToast } from '~/components/ui/toasts'
import { useAlert } from '~/components/ui/alert_dialog'
import { StreakPopup, shouldShowStreakPopup } from '~/components/study/streak_popup'
import { TopCounters } from '~/components/learning/top_counters'
import { Tutorial } from '~/components/learning/tutorial'
import { CardSheet } from '~/components/learning/card_sheet'
import { CompleteScreen, EmptyDeckScreen } from '~/components/learning/complete_screen'
import { FeedbackRequest } from '~/components/learning/feedback_request'
import { LimitDialog } from '~/components/learning/limit_dialog'
import {
  BlockedScreen,
  CardView,
  SessionToolbar,
  WaitingScreen,
} from '~/components/learning/session_screens'
import { useSessionKeys, useTypeIn, type TypeIn } from '~/components/learning/use_session_keys'
import { studiedIn, useLearningSession } from '~/components/learning/use_learning_session'
import type { Data } from '~generated/data'
import { CardAppearanceContext } from '~/components/editor/card_appearance'
import { MoveNotesDialog } from '~/components/decks/bulk_actions'
import '~/css/decks.css'
import '~/css/learning.css'

/* the notes editor (E) is most of a study page's script: loaded when first opened (issue 33) */
const CardEditor = lazy(() =>
  import('~/components/learning/card_editor').then((loaded) => ({ default: loaded.CardEditor }))
)

type Destinations = Data.Deck.Variants['forPicker'][]
type PickerDeck = Data.Deck.Variants['forPicker']

type SessionProps = Data.LearningPage
type Dialog = 'tutorial' | 'shortcuts' | 'editor' | 'sheet' | 'move' | null
/** the page's props; `destinations` (the decks a card can move to) only when the move dialog asks for them */
type PageProps = SessionProps & { destinations?: Destinations }
type Session = ReturnType<typeof useLearningSession>

/** The session as the learner is told of it: toasts for a leech, a failure, a freeze, a removal. */
function useSessionToasts() {
  const t = useT()
  const toast = useToast()
  return {
    leech: () =>
      toast({
        title: t('learn.toasts.leech_title'),
        body: t('learn.toasts.leech_body'),
        timeout: 8000,
      }),
    failed: (error: unknown) =>
      toast({
        title: error instanceof HttpError && error.title ? error.title : t('learn.errors.failed'),
        type: 'textSecondary',
      }),
    nothingToUndo: (message: string) => toast({ title: message, type: 'textSecondary' }),
    frozen: () => toast({ title: t('learn.toasts.frozen') }),
    removed: () => toast({ title: t('learn.toasts.removed') }),
    buried: () => toast({ title: t('learn.toasts.buried') }),
    moved: (deck: string) => toast({ title: t('learn.toasts.moved', { deck }) }),
  }
}

/** The middle of the page: the card, or the screen that replaces it. */
function SessionContent({
  session,
  deckId,
  typeIn,
  shared,
  feedbackRequest,
}: {
  session: Session
  deckId: number
  typeIn: TypeIn
  shared: boolean
  feedbackRequest: SessionProps['feedbackRequest']
}) {
  const { state } = session
  const finished = state.finished
  if (finished?.errorType === 'emptyDeck')
    return <EmptyDeckScreen deckId={deckId} shared={shared} />
  if (finished) {
    return (
      <>
        <CompleteScreen studied={studiedIn(state)} nextCardAppearsAt={finished.nextCardAppearsAt}>
          <FeedbackRequest
            request={feedbackRequest}
            totalActiveDays={state.streak.totalActiveDays}
          />
        </CompleteScreen>
        {/* Enter is "back to decks" on this screen, the popup in front of it or not */}
        {shouldShowStreakPopup(state.streak) && (
          <StreakPopup
            streak={state.streak}
            onClose={session.streakShown}
            onEnter={() => router.visit(urlFor('home'))}
          />
        )}
      </>
    )
  }
  if (state.blocked) return <BlockedScreen blocked={state.blocked} />
  if (!state.current) return <WaitingScreen failed={state.loadFailed} onRetry={session.retry} />
  return <CardView card={state.current} state={state} typeIn={typeIn} session={session} />
}

/**
 * "Move" in a session: the deck page's destination picker, then the same
 * question when the destination runs another algorithm preset (its progress
 * would reset). The card's deck (a subdeck of the session's, maybe) is the one
 * it cannot move to.
 */
function MoveCardDialog({
  card,
  destinations,
  rootDeckId,
  onMove,
  onClose,
}: {
  card: { deckId: number }
  destinations?: Destinations
  rootDeckId: number
  onMove: (destination: PickerDeck) => void
  onClose: () => void
}) {
  const t = useT()
  const alert = useAlert()
  return (
    <MoveNotesDialog
      deck={{ id: card.deckId }}
      count={1}
      destinations={destinations}
      onClose={onClose}
      onMove={(destination) => {
        onClose()
        const source = destinations?.find((deck) => deck.id === rootDeckId)
        if (!source || destination.algorithmPreset === source.algorithmPreset)
          return onMove(destination)
        alert({
          title: t('decks.bulk.move'),
          body: t('decks.confirm.move_reset', { count: 1, destination: destination.name }),
          submitLabel: t('decks.actions.move'),
          danger: true,
          onSubmit: () => onMove(destination),
        })
      }}
    />
  )
}

/**
 * The dialogs over the session: the tutorial (or the keys), the card's editor, sheet and move, and a limit
 * that stopped it.
 */
function SessionDialogs({
  dialog,
  setDialog,
  session,
  deck,
  algorithm,
  destinations,
}: {
  dialog: Dialog
  setDialog: (dialog: Dialog) => void
  session: Session
  deck: SessionProps['deck']
  algorithm: SessionProps['algorithmType']
  destinations?: Destinations
}) {
  const deckId = deck.id
  const t = useT()
  const toast = useToast()
  const { state } = session
  const card = state.current
  const [limitOpen, setLimitOpen] = useState(true)
  /* another limit reached opens its dialog again (set in render: no frame without it) */
  const [blockedBefore, setBlockedBefore] = useState(state.blocked)
  if (state.blocked !== blockedBefore) {
    setBlockedBefore(state.blocked)
    if (state.blocked) setLimitOpen(true)
  }

  const closeTutorial = () => {
    /* losing this call only shows the tutorial once more */
    if (dialog === 'tutorial')
      requestJson(urlFor('learn.tutorial_seen'), { method: 'POST' }).catch(() => {})
    setDialog(null)
  }
  const saved = (edited: Parameters<Session['replaceCurrent']>[0]) => {
    session.replaceCurrent(edited)
    setDialog(null)
    toast({ title: t('learn.toasts.saved') })
  }
  return (
    <>
      {(dialog === 'tutorial' || dialog === 'shortcuts') && (
        <Tutorial algorithm={algorithm} onClose={closeTutorial} />
      )}
      {dialog === 'editor' && card && (
        <Suspense fallback={null}>
          <CardEditor
            cardId={card.id}
            deckId={deckId}
            onClose={() => setDialog(null)}
            onSaved={saved}
          />
        </Suspense>
      )}
      {dialog === 'sheet' && card && <CardSheet cardId={card.id} onClose={() => setDialog(null)} />}
      {dialog === 'move' && card && (
        <MoveCardDialog
          card={card}
          destinations={destinations}
          rootDeckId={deck.rootDeckId}
          onMove={(destination) => session.move(destination.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {state.blocked && limitOpen && (
        <LimitDialog blocked={state.blocked} onClose={() => setLimitOpen(false)} />
      )}
    </>
  )
}

function Session(props: PageProps) {
  const t = useT()
  const alert = useAlert()
  const { deck, algorithmType } = props
  const session = useLearningSession(props, useSessionToasts())
  const { state } = session
  const card = state.current
  const [dialog, setDialog] = useState<Dialog>(props.tutorialSeen ? null : 'tutorial')
  const typeIn = useTypeIn(card)
  const root = useRef<HTMLDivElement>(null)
  useSessionKeys(root, session, typeIn, () => setDialog('editor'))

  /*
   * remove takes the card out of study (it is suspended, nothing is deleted): the dialog says so and where to
   * bring it back
   */
  const confirmRemove = () =>
    alert({
      title: t('learn.remove.title'),
      body: t('learn.remove.body'),
      submitLabel: t('learn.remove.submit'),
      onSubmit: () => session.remove(),
    })

  const cardTools = Boolean(card && !state.finished && !state.blocked)
  return (
    <div ref={root} className="learn-page" tabIndex={-1}>
      <Head title={t('learn.page_title', { deck: deck.name })} />
      <header className="learn-top">
        {/* the deck studied is the page's heading; the screens in the card's place have theirs under it */}
        <h1 className="learn-title">
          <Link route="decks.show" routeParams={{ id: deck.id }} className="learn-exit">
            <span aria-hidden="true">‹ </span>
            {deck.name}
          </Link>
        </h1>
        <TopCounters
          counters={state.counters}
          algorithm={algorithmType}
          currentState={cardTools ? card?.state : undefined}
        />
        <button
          type="button"
          className="icon-button keyboard-only"
          aria-label={t('learn.shortcuts')}
          title={t('learn.shortcuts')}
          onClick={() => setDialog('shortcuts')}
        >
          <Keyboard size={20} aria-hidden="true" />
        </button>
      </header>
      <CardAppearanceContext.Provider value={props.cardAppearance}>
        <SessionContent
          session={session}
          deckId={deck.id}
          typeIn={typeIn}
          shared={props.sharedDeckEmpty}
          feedbackRequest={props.feedbackRequest}
        />
      </CardAppearanceContext.Provider>
      <SessionToolbar
        undoAvailable={state.undoAvailable}
        cardTools={cardTools}
        flag={card?.flag ?? 0}
        /* the menu sets a flag; "no flag" takes off the one the card has (Ctrl+N toggles) */
        onFlag={(flag) => {
          if (flag) session.flag(flag)
          else if (card?.flag) session.flag(card.flag)
        }}
        onBury={session.bury}
        onUndo={session.undo}
        onEdit={() => setDialog('editor')}
        onFreeze={session.freeze}
        onRemove={confirmRemove}
        onMove={() => setDialog('move')}
        onInfo={() => setDialog('sheet')}
      />
      <SessionDialogs
        dialog={dialog}
        setDialog={setDialog}
        session={session}
        deck={deck}
        algorithm={algorithmType}
        destinations={props.destinations}
      />
    </div>
  )
}

/** The learning page: one session per deck (a visit to another deck's page starts afresh). */
export default function LearnSessionPage({
  session,
  destinations,
}: {
  session: SessionProps
  destinations?: Destinations
}) {
  return <Session key={session.deck.id} {...session} destinations={destinations} />
}
