import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import type { Note } from '~/components/decks/types'
import '~/css/decks.css'

/** Spec 3: card status as users see it; frozen shows as paused. */
export function useStateLabels() {
  const t = useT()
  const labels: Record<string, string> = {
    new: t('decks.state.new'),
    learning: t('decks.state.learning'),
    graduated: t('decks.state.graduated'),
    study_again: t('decks.state.study_again'),
    got_it: t('decks.state.got_it'),
  }
  return labels
}

/**
 * `onCheck` absent: a read-only list (archived or busy deck), without
 * checkboxes. `onBringBack`: put removed cards back into study. `onHistory`:
 * open the card sheet (state, scheduler numbers, every review).
 */
export function NoteRow({
  note,
  checked,
  onCheck,
  onBringBack,
  onHistory,
}: {
  note: Note
  checked: boolean
  onCheck?: (checked: boolean) => void
  onBringBack?: () => void
  onHistory?: () => void
}) {
  const t = useT()
  const states = useStateLabels()
  const occlusion = note.label?.type === 'occlusion'
  const thumbnail = note.front.thumbnail
  /* a note of pictures only (an occlusion without a header) is named by its kind */
  const front =
    note.front.preview ||
    (thumbnail
      ? occlusion
        ? t('decks.cards.label_occlusion')
        : t('decks.cards.picture')
      : t('decks.cards.empty_side'))
  const label =
    note.label?.type === 'reversed'
      ? t('decks.cards.label_reversed')
      : note.label?.type === 'cloze'
        ? t('decks.cards.label_cloze')
        : occlusion && note.front.preview
          ? t('decks.cards.label_occlusion')
          : null
  return (
    <li className={`note-row${checked ? ' selected' : ''}`} data-note-id={note.id}>
      {onCheck && (
        <input
          type="checkbox"
          className="note-check"
          checked={checked}
          aria-label={t('decks.cards.select_note', { front })}
          onChange={(event) => onCheck(event.target.checked)}
        />
      )}
      <Link
        route="notes.edit"
        routeParams={{ id: note.id }}
        className={`note-sides${thumbnail ? ' with-thumbnail' : ''}`}
      >
        {thumbnail && <img className="note-thumbnail" src={thumbnail} alt="" loading="lazy" />}
        <span className="note-front">{front}</span>
        <span className="note-back muted">{note.back.preview}</span>
      </Link>
      <span className="note-meta">
        {label && <span className="badge">{label}</span>}
        {note.numberOfCards > 1 && (
          <span className="badge">{t('decks.counts.cards', { count: note.numberOfCards })}</span>
        )}
        <span className={`badge state-${note.learningState}`}>
          {states[note.learningState] ?? note.learningState}
        </span>
        {note.isFrozen && <span className="badge badge-frozen">{t('decks.state.frozen')}</span>}
        {note.isSuspended && (
          <span className="badge badge-suspended">
            {note.numberOfCards > 1
              ? t('decks.state.suspended_some', { count: note.suspendedCardsCount })
              : t('decks.state.suspended')}
          </span>
        )}
        {note.isSuspended && onBringBack && (
          <button
            type="button"
            className="button small ghost"
            aria-label={t('decks.cards.bring_back_note', { front })}
            onClick={onBringBack}
          >
            {t('decks.cards.bring_back')}
          </button>
        )}
        {onHistory && note.cardIds.length > 0 && (
          <button
            type="button"
            className="button small ghost"
            aria-label={t('decks.cards.history_of', { front })}
            onClick={onHistory}
          >
            {t('decks.cards.history')}
          </button>
        )}
      </span>
    </li>
  )
}
