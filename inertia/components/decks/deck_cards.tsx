import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { NoteRow } from '~/components/decks/note_row'
import { BulkActions } from '~/components/decks/bulk_actions'
import { CardsToolbar, Pager, SelectionBar } from '~/components/decks/deck_cards_parts'
import { useCardsQuery, useNoteSelection } from '~/components/decks/use_deck_cards'
import { CardSheet } from '~/components/learning/card_sheet'
import type { Note, NotesPage, Template } from '~/components/decks/types'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']
type Destinations = Data.Deck.Variants['forPicker'][]

type Props = {
  deck: Deck
  notes: NotesPage
  templates: Template[]
  destinations?: Destinations
  editable: boolean
}

/** The cards tab: search, sort, filters, pages of 20, and a selection for the bulk actions. */
export function DeckCards({ deck, notes, templates, destinations, editable }: Props) {
  const t = useT()
  const query = useCardsQuery(deck, notes)
  const selection = useNoteSelection(notes)
  const { filtered, visit } = query
  const pages = Math.max(1, Math.ceil(notes.total / notes.pageSize))
  const items = notes.items
  const [historyOf, setHistoryOf] = useState<Note | null>(null)
  /* a card removed from study in a session comes back from its row */
  const bringBack = (note: Note) =>
    router.post(
      urlFor('decks.notes.bulk', { id: deck.id }),
      { bulk_action: 'unsuspend', ids: [note.id] },
      { preserveScroll: true, preserveState: true }
    )

  return (
    <section className="stack deck-cards" aria-label={t('decks.tabs.cards')}>
      <CardsToolbar deck={deck} notes={notes} query={query} />
      {items.length > 0 && editable && (
        <SelectionBar notes={notes} selection={selection} filtered={filtered} />
      )}
      {selection.selection.count > 0 && editable && (
        <BulkActions
          deck={deck}
          notes={notes}
          selection={selection.selection}
          templates={templates}
          destinations={destinations}
          onDone={selection.clear}
        />
      )}
      {items.length ? (
        <ul className="note-list">
          {items.map((note) => (
            <NoteRow
              key={note.id}
              note={note}
              checked={selection.isChecked(note)}
              onCheck={editable ? (on) => selection.check(note, on) : undefined}
              onBringBack={editable ? () => bringBack(note) : undefined}
              onHistory={() => setHistoryOf(note)}
            />
          ))}
        </ul>
      ) : (
        <div className="card empty-state">
          <p className="muted">{filtered ? t('decks.cards.no_match') : t('decks.cards.empty')}</p>
          {!filtered && editable && (
            <Link route="notes.create" routeParams={{ deckId: deck.id }} className="button primary">
              {t('decks.cards.add')}
            </Link>
          )}
        </div>
      )}
      {pages > 1 && <Pager page={notes.page} pages={pages} onPage={(page) => visit({ page })} />}
      {historyOf && <NoteHistory note={historyOf} onClose={() => setHistoryOf(null)} />}
    </section>
  )
}

/**
 * The card sheet of a row's note: its first card, and a switch between its cards when it makes several
 * (reversed, cloze, occlusion).
 */
function NoteHistory({ note, onClose }: { note: Note; onClose: () => void }) {
  const t = useT()
  const [cardId, setCardId] = useState(note.cardIds[0])
  return (
    <CardSheet cardId={cardId} onClose={onClose}>
      {note.cardIds.length > 1 && (
        <div className="row" role="group" aria-label={t('decks.cards.history_cards')}>
          {note.cardIds.map((id, index) => (
            <button
              key={id}
              type="button"
              className={`button small${id === cardId ? ' primary' : ''}`}
              aria-pressed={id === cardId}
              onClick={() => setCardId(id)}
            >
              {t('decks.cards.history_card', { number: index + 1 })}
            </button>
          ))}
        </div>
      )}
    </CardSheet>
  )
}
