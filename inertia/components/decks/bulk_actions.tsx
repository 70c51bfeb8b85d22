import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useAlert } from '~/components/ui/alert_dialog'
import { Dialog } from '~/components/ui/dialog'
import { Picker, deckChoices } from '~/components/decks/deck_picker'
import type { Note, NotesPage, Template } from '~/components/decks/types'
import { urlFor } from '~/lib/routes'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']
type Destinations = Data.Deck.Variants['forPicker'][]
type PickerDeck = Data.Deck.Variants['forPicker']

/** `all`: every note matching the list's search and filters, not only this page. */
export type Selection = { all: boolean; notes: Note[]; count: number }
type Action =
  | 'freeze'
  | 'unfreeze'
  | 'suspend'
  | 'unsuspend'
  | 'destroy'
  | 'move'
  | 'duplicate'
  | 'reverse'
  | 'unreverse'
  | 'reset_progress'

export function BulkActions({
  deck,
  notes,
  selection,
  templates,
  destinations,
  onDone,
}: {
  deck: Deck
  notes: NotesPage
  selection: Selection
  templates: Template[]
  destinations?: Destinations
  onDone: () => void
}) {
  const t = useT()
  const alert = useAlert()
  const [moving, setMoving] = useState(false)
  const reversible = new Set(
    templates.filter((template) => template.reversible).map((template) => template.id)
  )
  /* with "all", notes beyond this page are unknown: offer what the page suggests, or both when some are unseen */
  const unseen = selection.all && notes.total > notes.items.length
  const canReverse =
    unseen || selection.notes.some((note) => !note.isReversed && reversible.has(note.templateId))
  const canUnreverse = unseen || selection.notes.some((note) => note.isReversed)
  const canFreeze = unseen || selection.notes.some((note) => !note.isFrozen)
  const canUnfreeze = unseen || selection.notes.some((note) => note.isFrozen)
  const canSuspend =
    unseen || selection.notes.some((note) => note.suspendedCardsCount < note.numberOfCards)
  const canUnsuspend = unseen || selection.notes.some((note) => note.isSuspended)

  const run = (action: Action, extra: { destination_deck_id?: number } = {}) =>
    router.post(
      urlFor('decks.notes.bulk', { id: deck.id }),
      {
        bulk_action: action,
        ids: selection.all ? undefined : selection.notes.map((note) => note.id),
        select_all: selection.all || undefined,
        query: notes.query || undefined,
        learning_state: notes.learningState ?? undefined,
        frozen: notes.frozen ?? undefined,
        suspended: notes.suspended ?? undefined,
        ...extra,
      },
      { preserveScroll: true, preserveState: true, onSuccess: onDone }
    )
  const confirm = (title: string, body: string, submitLabel: string, action: Action) =>
    alert({ title, body, submitLabel, danger: true, onSubmit: () => run(action) })
  const count = selection.count

  return (
    <div className="bulk-actions" role="toolbar" aria-label={t('decks.bulk.label', { count })}>
      {canFreeze && (
        <button type="button" className="button small" onClick={() => run('freeze')}>
          {t('decks.bulk.freeze')}
        </button>
      )}
      {canUnfreeze && (
        <button type="button" className="button small" onClick={() => run('unfreeze')}>
          {t('decks.bulk.unfreeze')}
        </button>
      )}
      {canSuspend && (
        <button type="button" className="button small" onClick={() => run('suspend')}>
          {t('decks.bulk.suspend')}
        </button>
      )}
      {canUnsuspend && (
        <button type="button" className="button small" onClick={() => run('unsuspend')}>
          {t('decks.bulk.unsuspend')}
        </button>
      )}
      <button type="button" className="button small" onClick={() => setMoving(true)}>
        {t('decks.bulk.move')}
      </button>
      <button type="button" className="button small" onClick={() => run('duplicate')}>
        {t('decks.bulk.duplicate')}
      </button>
      {canReverse && (
        <button type="button" className="button small" onClick={() => run('reverse')}>
          {t('decks.bulk.reverse')}
        </button>
      )}
      {canUnreverse && (
        <button type="button" className="button small" onClick={() => run('unreverse')}>
          {t('decks.bulk.unreverse')}
        </button>
      )}
      <button
        type="button"
        className="button small"
        onClick={() =>
          confirm(
            t('decks.bulk.reset_progress'),
            t('decks.confirm.bulk_reset', { count }),
            t('decks.actions.reset'),
            'reset_progress'
          )
        }
      >
        {t('decks.bulk.reset_progress')}
      </button>
      <button
        type="button"
        className="button small danger"
        onClick={() =>
          confirm(
            t('decks.bulk.delete'),
            t('decks.confirm.bulk_delete', { count }),
            t('decks.actions.delete'),
            'destroy'
          )
        }
      >
        {t('decks.bulk.delete')}
      </button>
      {moving && (
        <MoveNotesDialog
          deck={deck}
          count={count}
          destinations={destinations}
          onClose={() => setMoving(false)}
          onMove={(destination) => {
            setMoving(false)
            const move = () => run('move', { destination_deck_id: destination.id })
            /* spec 4: another algorithm preset resets the cards' progress, so ask first */
            if (destination.algorithmPreset === deck.algorithmPreset) return move()
            alert({
              title: t('decks.bulk.move'),
              body: t('decks.confirm.move_reset', { count, destination: destination.name }),
              submitLabel: t('decks.actions.move'),
              danger: true,
              onSubmit: move,
            })
          }}
        />
      )}
    </div>
  )
}

/**
 * The destination picker of a move (the deck page's bulk actions, the card browser's: `deck` null, notes from
 * anywhere).
 */
export function MoveNotesDialog({
  deck,
  count,
  destinations,
  onClose,
  onMove,
}: {
  deck: Pick<Deck, 'id'> | null
  count: number
  destinations?: Destinations
  onClose: () => void
  onMove: (destination: PickerDeck) => void
}) {
  const t = useT()
  const [value, setValue] = useState<string | null>(null)
  useEffect(() => {
    router.reload({ only: ['destinations'] })
  }, [])
  const choices = destinations
    ? deckChoices(destinations, (other) => {
        if (deck && other.id === deck.id) return t('decks.move.this_deck')
        return other.state === 'active' || other.state === 'processing_failed'
          ? null
          : t('decks.move.busy')
      })
    : []
  const destination = destinations?.find((item) => `deck:${item.id}` === value)
  return (
    <Dialog
      title={t('decks.bulk.move_title', { count })}
      submitLabel={t('decks.actions.move')}
      disabled={!destination}
      onSubmit={() => destination && onMove(destination)}
      onClose={onClose}
    >
      {destinations ? (
        <Picker
          name="destination"
          legend={t('decks.bulk.destination')}
          choices={choices}
          value={value}
          onChange={setValue}
        />
      ) : (
        <p className="muted" role="status">
          {t('decks.bulk.loading')}
        </p>
      )}
    </Dialog>
  )
}
