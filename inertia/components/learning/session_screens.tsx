/* What the learning page shows in its middle: the card, a limit that stopped the session, or the wait for cards. */
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { CardFace } from '~/components/editor/card_face'
import { SpeakSide, countCardEvent } from '~/components/learning/speak_side'
import { AnswerButtons } from '~/components/learning/answer_buttons'
import { TypeComparison, TypeInField } from '~/components/learning/type_in'
import type { TypeIn } from '~/components/learning/use_session_keys'
import { FlagMarker, FlagSelect } from '~/components/cards/card_flag'
import type {
  Blocked,
  SessionState,
  useLearningSession,
} from '~/components/learning/use_learning_session'
import type { Data } from '~generated/data'

/* the comparison is shown outside the card's frame, so the frame's own type-in boxes are hidden */
const HIDE_FRAME_TYPE_IN = '\n.type-answer, .type-answer-result { display: none !important; }'

/** A limit stopped the session (the dialog in front says more): back to the decks, or sign up. */
export function BlockedScreen({ blocked }: { blocked: Blocked }) {
  const t = useT()
  return (
    <section className="card learn-done" aria-labelledby="learn-blocked-title">
      <h2 id="learn-blocked-title">{blocked.title}</h2>
      {blocked.body !== blocked.title && <p className="muted">{blocked.body}</p>}
      <div className="row learn-done-actions">
        <Link route="home" className="button primary">
          {t('learn.complete.back')}
        </Link>
        <a
          href={`/paywall?reason=${blocked.kind === 'guest' ? 'guest' : 'daily'}`}
          className="button"
          data-paywall-link
        >
          {t('limits.paywall.open')}
        </a>
        {blocked.kind === 'guest' && (
          <Link route="auth.sign_up" className="button">
            {t('learn.limit.sign_up')}
          </Link>
        )}
      </div>
    </section>
  )
}

/** No card yet: loading, or the cards could not be loaded (with a retry). */
export function WaitingScreen({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useT()
  if (failed) {
    return (
      <section className="card learn-done" role="alert">
        <p>{t('learn.errors.load_failed')}</p>
        <button type="button" className="button primary" onClick={onRetry}>
          {t('learn.retry')}
        </button>
      </section>
    )
  }
  return (
    <p className="learn-loading muted" role="status">
      <span className="spinner" aria-hidden="true" /> {t('learn.loading')}
    </p>
  )
}

/** What showing a card takes: the online session's card, or the offline page's stored one (docs/offline.md). */
export type ShownCard = Pick<
  Data.LearningCard,
  'id' | 'version' | 'front' | 'back' | 'css' | 'typeIn' | 'tts' | 'flag' | 'answerButtons'
>

type CardViewProps = {
  card: ShownCard
  state: Pick<SessionState, 'side' | 'revealed'>
  typeIn: TypeIn
  session: Pick<ReturnType<typeof useLearningSession>, 'reveal' | 'answer'>
}

/**
 * The card's side in its frame, the type-in field or the comparison, and the answer buttons once the back was
 * shown.
 */
export function CardView({ card, state, typeIn, session }: CardViewProps) {
  const t = useT()
  const showTypeIn = Boolean(
    card.typeIn && state.side === 'front' && !state.revealed && typeIn.state.open
  )
  const showComparison = Boolean(card.typeIn && state.side === 'back')
  const sideName = state.side === 'front' ? t('learn.card.front') : t('learn.card.back')
  return (
    <>
      <section
        className="learn-card"
        aria-label={sideName}
        data-card-id={card.id}
        data-side={state.side}
      >
        <FlagMarker flag={card.flag} className="learn-flag" />
        <CardFace
          html={state.side === 'front' ? card.front : card.back}
          css={card.typeIn ? card.css + HIDE_FRAME_TYPE_IN : card.css}
          title={sideName}
        />
        {showTypeIn && (
          <TypeInField
            value={typeIn.state.text}
            onChange={(text) => typeIn.change({ text })}
            onSubmit={() => {
              if (typeIn.state.text.trim()) countCardEvent(card.id, 'type_in')
              session.reveal()
            }}
            onClose={() => typeIn.change({ open: false })}
            focusKey={`${typeIn.key}:${typeIn.state.focus}`}
          />
        )}
        {card.typeIn && !state.revealed && !typeIn.state.open && (
          <button
            type="button"
            className="button small learn-type-open"
            aria-keyshortcuts="T"
            onClick={typeIn.reopen}
          >
            {t('learn.type_in.open')} <kbd aria-hidden="true">T</kbd>
          </button>
        )}
        {showComparison && card.typeIn && (
          <TypeComparison typed={typeIn.state.text} expected={card.typeIn.expected} />
        )}
        {card.tts && <SpeakSide card={card} side={state.side} />}
      </section>
      <div className="learn-bottom">
        {state.revealed ? (
          <AnswerButtons buttons={card.answerButtons} onAnswer={session.answer} />
        ) : (
          <button
            type="button"
            className="button primary large learn-show"
            aria-keyshortcuts="Space"
            onClick={session.reveal}
          >
            {t('learn.show_answer')} <kbd aria-hidden="true">{t('learn.keys.space_key')}</kbd>
          </button>
        )}
      </div>
    </>
  )
}

type ToolbarProps = {
  undoAvailable: boolean
  /** a card is shown: it can be edited, flagged, buried, frozen, removed, moved, looked up */
  cardTools: boolean
  /** the flag of the card shown (0: none) */
  flag: number
  onFlag: (flag: number) => void
  onBury: () => void
  onUndo: () => void
  onEdit: () => void
  onFreeze: () => void
  onRemove: () => void
  onMove: () => void
  onInfo: () => void
}

export function SessionToolbar({
  undoAvailable,
  cardTools,
  flag,
  onFlag,
  onBury,
  onUndo,
  onEdit,
  onFreeze,
  onRemove,
  onMove,
  onInfo,
}: ToolbarProps) {
  const t = useT()
  return (
    <div className="learn-tools" role="toolbar" aria-label={t('learn.tools')}>
      <button
        type="button"
        className="button small"
        aria-keyshortcuts="Z"
        disabled={!undoAvailable}
        onClick={onUndo}
      >
        {t('learn.actions.undo')} <kbd aria-hidden="true">Z</kbd>
      </button>
      {cardTools && (
        <>
          <button type="button" className="button small" aria-keyshortcuts="E" onClick={onEdit}>
            {t('learn.actions.edit')} <kbd aria-hidden="true">E</kbd>
          </button>
          <FlagSelect
            value={flag}
            label={t('cards.flags.label')}
            keyShortcuts="Control+1 Control+2 Control+3 Control+4 Control+5 Control+6 Control+7"
            onChange={onFlag}
          />
          <button type="button" className="button small" aria-keyshortcuts="-" onClick={onBury}>
            {t('learn.actions.bury')} <kbd aria-hidden="true">-</kbd>
          </button>
          <button type="button" className="button small" onClick={onFreeze}>
            {t('learn.actions.freeze')}
          </button>
          <button type="button" className="button small danger-text" onClick={onRemove}>
            {t('learn.actions.remove')}
          </button>
          <button type="button" className="button small" onClick={onMove}>
            {t('learn.actions.move')}
          </button>
          <button type="button" className="button small" onClick={onInfo}>
            {t('learn.actions.info')}
          </button>
        </>
      )}
    </div>
  )
}
