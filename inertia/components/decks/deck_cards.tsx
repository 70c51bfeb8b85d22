import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { NoteRow } from '~/components/decks/note_row'
import { BulkActions } from '~/components/decks/bulk_actions'
import { CardsToolbar, Pager, SelectionBar } from '~/components/decks/deck_cards_parts'
import { useCardsQuery, useNoteSelection } from '~/components/decks/use_deck_cards'
import type { Deck, Destinations, Note, NotesPage, Template } from '~/components/decks/types'
import '~/css/decks.css'

type Props = { deck: Deck; notes: NotesPage; templates: Template[]; destinations?: Destinations; editable: boolean }

/** The cards tab: search, sort, filters, pages of 20, and a selection for the bulk actions. */
export function DeckCards({ deck, notes, templates, destinations, editable }: Props) {
  const t = useT()
  const query = useCardsQuery(deck, notes)
  const selection = useNoteSelection(notes)
  const { filtered, visit } = query
  const pages = Math.max(1, Math.ceil(notes.total / notes.pageSize))
  const items = notes.items
  /* a card removed from study in a session comes back from its row */
  const bringBack = (note: Note) =>
    router.post(urlFor('decks.notes.bulk', { id: deck.id }), { bulk_action: 'unsuspend', ids: [note.id] }, { preserveScroll: true, preserveState: true })

  return (
    <section className="stack deck-cards" aria-label={t('decks.tabs.cards')}>
      <CardsToolbar deck={deck} notes={notes} query={query} />
      {items.length > 0 && editable && <SelectionBar notes={notes} selection={selection} filtered={filtered} />}
      {selection.selection.count > 0 && editable && (
        <BulkActions deck={deck} notes={notes} selection={selection.selection} templates={templates} destinations={destinations} onDone={selection.clear} />
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
    </section>
  )
}
