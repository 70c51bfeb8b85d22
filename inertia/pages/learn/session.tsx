import { useEffect, useRef, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import { useToast } from '~/components/toasts'
import { useAlert } from '~/components/alert_dialog'
import { CardFace } from '~/components/editor/card_face'
import { StreakPopup, shouldShowStreakPopup } from '~/components/study/streak_popup'
import { TopCounters } from '~/components/learn/top_counters'
import { AnswerButtons } from '~/components/learn/answer_buttons'
import { TypeComparison, TypeInField } from '~/components/learn/type_in'
import { Tutorial } from '~/components/learn/tutorial'
import { CardSheet } from '~/components/learn/card_sheet'
import { CardEditor } from '~/components/learn/card_editor'
import { CompleteScreen, EmptyDeckScreen } from '~/components/learn/complete_screen'
import { LimitDialog } from '~/components/learn/limit_dialog'
import { studiedIn, useLearningSession } from '~/components/learn/use_learning_session'
import type { AnswerButton, SessionProps } from '~/components/learn/types'
import { urlFor } from '~/lib/routes'
import '~/css/decks.css'
import '~/css/learn.css'

/* the comparison is shown outside the card's frame, so the frame's own type-in boxes are hidden */
const HIDE_FRAME_TYPE_IN = '\n.type-answer, .type-answer-result { display: none !important; }'

type Dialog = 'tutorial' | 'shortcuts' | 'editor' | 'sheet' | null

/** A key typed into a field belongs to the field; Esc and Enter there are the type-in field's own. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && Boolean(target.closest('input, textarea, select, [contenteditable="true"]'))

function Session(props: SessionProps) {
  const t = useT()
  const toast = useToast()
  const alert = useAlert()
  const { deck, algorithmType } = props
  const session = useLearningSession(props, {
    leech: () => toast({ title: t('learn.toasts.leech_title'), body: t('learn.toasts.leech_body'), timeout: 8000 }),
    failed: (error) =>
      toast({ title: error instanceof HttpError && error.title ? error.title : t('learn.errors.failed'), type: 'textSecondary' }),
    nothingToUndo: (message) => toast({ title: message, type: 'textSecondary' }),
    frozen: () => toast({ title: t('learn.toasts.frozen') }),
    removed: () => toast({ title: t('learn.toasts.removed') }),
  })
  const { state } = session
  const card = state.current
  const [dialog, setDialog] = useState<Dialog>(props.tutorialSeen ? null : 'tutorial')
  const [limitOpen, setLimitOpen] = useState(true)

  /* the type-in field belongs to one showing of one card: a new card, or the same card back after undo, starts empty */
  const cardKey = card ? `${card.id}:${card.version}` : ''
  const [typing, setTyping] = useState({ key: '', text: '', open: true, focus: 0 })
  const typeIn = typing.key === cardKey ? typing : { key: cardKey, text: '', open: true, focus: 0 }
  const changeTypeIn = (change: Partial<typeof typeIn>) => setTyping({ ...typeIn, ...change })

  const closeTutorial = () => {
    if (dialog === 'tutorial') {
      /* losing this call only shows the tutorial once more */
      requestJson(urlFor('learn.tutorial_seen'), { method: 'POST' }).catch(() => {})
    }
    setDialog(null)
  }

  /* remove takes the card out of study (it is suspended, nothing is deleted): the dialog says so and where to bring it back */
  const confirmRemove = () =>
    alert({
      title: t('learn.remove.title'),
      body: t('learn.remove.body'),
      submitLabel: t('learn.remove.submit'),
      onSubmit: () => session.remove(),
    })

  /* the handler sees this render's state; it is attached once */
  const onKey = useRef<(event: KeyboardEvent) => void>(() => {})
  onKey.current = (event) => {
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
    const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1] ?? (/^[1-9]$/.test(event.key) ? event.key : null)
    if (digit) {
      const button = card.answerButtons[Number(digit) - 1]
      if (!button || !state.revealed) return
      event.preventDefault()
      if (!event.repeat) session.answer(button.type)
      return
    }
    if (key === 't' && card.typeIn && !state.revealed) {
      event.preventDefault()
      changeTypeIn({ open: true, focus: typeIn.focus + 1 })
    } else if (key === 'e') {
      event.preventDefault()
      setDialog('editor')
    }
  }
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event)
    window.addEventListener('keydown', listener)
    /*
     * A click into the card gives its frame the keyboard: the frame's keys
     * count too (it is same-origin), and the first one hands the keyboard
     * back to the page, since flipping replaces the frame's document and a
     * key pressed while the new one loads would reach nothing.
     */
    const fromFrame = (event: KeyboardEvent) => {
      listener(event)
      root.current?.focus({ preventScroll: true })
    }
    const onFrameLoad = (event: Event) => {
      if (event.target instanceof HTMLIFrameElement) event.target.contentDocument?.addEventListener('keydown', fromFrame)
    }
    const page = root.current
    page?.addEventListener('load', onFrameLoad, true)
    return () => {
      window.removeEventListener('keydown', listener)
      page?.removeEventListener('load', onFrameLoad, true)
    }
  }, [])

  useEffect(() => {
    if (state.blocked) setLimitOpen(true)
  }, [state.blocked])

  const finished = state.finished
  const showTypeIn = Boolean(card?.typeIn && state.side === 'front' && !state.revealed && typeIn.open)
  const showComparison = Boolean(card?.typeIn && state.side === 'back')

  let content
  if (finished?.errorType === 'emptyDeck') {
    content = <EmptyDeckScreen deckId={deck.id} />
  } else if (finished) {
    content = (
      <>
        <CompleteScreen studied={studiedIn(state)} nextCardAppearsAt={finished.nextCardAppearsAt} />
        {/* Enter is "back to decks" on this screen, the popup in front of it or not */}
        {shouldShowStreakPopup(state.streak) && <StreakPopup streak={state.streak} onClose={session.streakShown} onEnter={() => router.visit(urlFor('home'))} />}
      </>
    )
  } else if (state.blocked) {
    content = (
      <section className="card learn-done" aria-labelledby="learn-blocked-title">
        <h1 id="learn-blocked-title">{state.blocked.title}</h1>
        {state.blocked.body !== state.blocked.title && <p className="muted">{state.blocked.body}</p>}
        <div className="row learn-done-actions">
          <Link route="home" className="button primary">
            {t('learn.complete.back')}
          </Link>
          {state.blocked.kind === 'guest' && (
            <Link route="auth.sign_up" className="button">
              {t('learn.limit.sign_up')}
            </Link>
          )}
        </div>
      </section>
    )
  } else if (!card) {
    content = state.loadFailed ? (
      <section className="card learn-done" role="alert">
        <p>{t('learn.errors.load_failed')}</p>
        <button type="button" className="button primary" onClick={session.retry}>
          {t('learn.retry')}
        </button>
      </section>
    ) : (
      <p className="learn-loading muted" role="status">
        <span className="spinner" aria-hidden="true" /> {t('learn.loading')}
      </p>
    )
  } else {
    content = (
      <>
        <section
          className="learn-card"
          aria-label={state.side === 'front' ? t('learn.card.front') : t('learn.card.back')}
          data-card-id={card.id}
          data-side={state.side}
        >
          <CardFace
            html={state.side === 'front' ? card.front : card.back}
            css={card.typeIn ? card.css + HIDE_FRAME_TYPE_IN : card.css}
            title={state.side === 'front' ? t('learn.card.front') : t('learn.card.back')}
          />
          {showTypeIn && (
            <TypeInField
              value={typeIn.text}
              onChange={(text) => changeTypeIn({ text })}
              onSubmit={session.reveal}
              onClose={() => changeTypeIn({ open: false })}
              focusKey={`${cardKey}:${typeIn.focus}`}
            />
          )}
          {card.typeIn && !state.revealed && !typeIn.open && (
            <button type="button" className="button small learn-type-open" aria-keyshortcuts="T" onClick={() => changeTypeIn({ open: true, focus: typeIn.focus + 1 })}>
              {t('learn.type_in.open')} <kbd aria-hidden="true">T</kbd>
            </button>
          )}
          {showComparison && card.typeIn && <TypeComparison typed={typeIn.text} expected={card.typeIn.expected} />}
        </section>
        <div className="learn-bottom">
          {state.revealed ? (
            <AnswerButtons buttons={card.answerButtons} onAnswer={session.answer} />
          ) : (
            <button type="button" className="button primary large learn-show" aria-keyshortcuts="Space" onClick={session.reveal}>
              {t('learn.show_answer')} <kbd aria-hidden="true">{t('learn.keys.space_key')}</kbd>
            </button>
          )}
        </div>
      </>
    )
  }

  const cardTools = Boolean(card && !finished && !state.blocked)
  return (
    <div ref={root} className="learn-page" tabIndex={-1}>
      <Head title={t('learn.page_title', { deck: deck.name })} />
      <header className="learn-top">
        <Link route="decks.show" routeParams={{ id: deck.id }} className="learn-exit">
          <span aria-hidden="true">‹ </span>
          {deck.name}
        </Link>
        <TopCounters counters={state.counters} algorithm={algorithmType} currentState={cardTools ? card?.state : undefined} />
        <button type="button" className="icon-button keyboard-only" aria-label={t('learn.shortcuts')} title={t('learn.shortcuts')} onClick={() => setDialog('shortcuts')}>
          <span aria-hidden="true">⌨</span>
        </button>
      </header>

      {content}

      <div className="learn-tools" role="toolbar" aria-label={t('learn.tools')}>
        <button type="button" className="button small" aria-keyshortcuts="Z" disabled={!state.undoAvailable} onClick={session.undo}>
          {t('learn.actions.undo')} <kbd aria-hidden="true">Z</kbd>
        </button>
        {cardTools && (
          <>
            <button type="button" className="button small" aria-keyshortcuts="E" onClick={() => setDialog('editor')}>
              {t('learn.actions.edit')} <kbd aria-hidden="true">E</kbd>
            </button>
            <button type="button" className="button small" onClick={session.freeze}>
              {t('learn.actions.freeze')}
            </button>
            <button type="button" className="button small danger-text" onClick={confirmRemove}>
              {t('learn.actions.remove')}
            </button>
            <button type="button" className="button small" onClick={() => setDialog('sheet')}>
              {t('learn.actions.info')}
            </button>
          </>
        )}
      </div>

      {(dialog === 'tutorial' || dialog === 'shortcuts') && <Tutorial algorithm={algorithmType} onClose={closeTutorial} />}
      {dialog === 'editor' && card && (
        <CardEditor
          cardId={card.id}
          deckId={deck.id}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            session.replaceCurrent(saved)
            setDialog(null)
            toast({ title: t('learn.toasts.saved') })
          }}
        />
      )}
      {dialog === 'sheet' && card && <CardSheet cardId={card.id} onClose={() => setDialog(null)} />}
      {state.blocked && limitOpen && <LimitDialog blocked={state.blocked} onClose={() => setLimitOpen(false)} />}
    </div>
  )
}

/* what the server sends beside the session (the first card's buttons again, the scheduler, the free limit); the page does not need them */
type Props = SessionProps & {
  answerButtons?: AnswerButton[]
  scheduler?: string
  dailyLimit?: { limit: number | null; studiedToday: number; reached: boolean; kind: 'daily' | 'guest' | null }
}

/** The learning page: one session per deck (a visit to another deck's page starts afresh). */
export default function LearnSessionPage(props: Props) {
  return <Session key={props.deck.id} {...props} />
}
