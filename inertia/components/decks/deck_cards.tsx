import { useEffect, useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { NoteRow, useStateLabels } from '~/components/decks/note_row'
import { BulkActions, type Selection } from '~/components/decks/bulk_actions'
import type { Deck, Destinations, Note, NotesPage, Template } from '~/components/decks/types'
import { urlFor } from '~/lib/routes'
import '~/css/decks.css'

const SEARCH_DELAY = 350
const SORTS = {
  next: { sort_by: 'next_review_at', order: 'ASC' },
  newest: { sort_by: 'created_at', order: 'DESC' },
  oldest: { sort_by: 'created_at', order: 'ASC' },
  az: { sort_by: 'alphabetical', order: 'ASC' },
  za: { sort_by: 'alphabetical', order: 'DESC' },
} as const
type SortKey = keyof typeof SORTS

type Params = { query?: string; learning_state?: string; frozen?: boolean; suspended?: boolean; sort_by?: string; order?: string; page?: number }

/** The cards tab: search, sort, filters, pages of 20, and a selection for the bulk actions. */
export function DeckCards({ deck, notes, templates, destinations, editable }: { deck: Deck; notes: NotesPage; templates: Template[]; destinations?: Destinations; editable: boolean }) {
  const t = useT()
  const states = useStateLabels()
  const [search, setSearch] = useState(notes.query)
  const [selected, setSelected] = useState<Map<number, Note>>(() => new Map())
  const [all, setAll] = useState(false)
  const pageBox = useRef<HTMLInputElement>(null)

  const visit = (changes: Params) => {
    const params: Params = {
      query: notes.query || undefined, learning_state: notes.learningState ?? undefined, frozen: notes.frozen ?? undefined,
      suspended: notes.suspended ?? undefined, ...changes,
    }
    router.get(urlFor('decks.show', { id: deck.id }), { tab: 'cards', ...params }, { preserveState: true, preserveScroll: true, replace: true, only: ['notes'] })
  }

  /* the search waits for a pause in typing; spaces around it do not count */
  useEffect(() => {
    const query = search.trim()
    if (query === notes.query) return
    const timer = setTimeout(() => visit({ query: query || undefined, page: undefined }), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [search])

  const filterKey = `${notes.query}|${notes.learningState}|${notes.frozen}|${notes.suspended}`
  const clearSelection = () => {
    setSelected(new Map())
    setAll(false)
  }
  useEffect(clearSelection, [filterKey])

  const sort = (Object.keys(SORTS) as SortKey[]).find((key) => SORTS[key].sort_by === notes.sortBy && SORTS[key].order === notes.order) ??
    (Object.keys(SORTS) as SortKey[]).find((key) => SORTS[key].sort_by === notes.sortBy) ?? 'next'
  const sortLabels: Record<SortKey, string> = {
    next: t('decks.sort.next_review'), newest: t('decks.sort.newest'), oldest: t('decks.sort.oldest'), az: t('decks.sort.a_z'), za: t('decks.sort.z_a'),
  }
  const learningStates = deck.algorithmType === 'speedLearning' ? ['new', 'study_again', 'got_it'] : ['new', 'learning', 'graduated']

  const pages = Math.max(1, Math.ceil(notes.total / notes.pageSize))
  const items = notes.items
  const pageChecked = items.length > 0 && (all || items.every((note) => selected.has(note.id)))
  const somePageChecked = !pageChecked && items.some((note) => selected.has(note.id))
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = somePageChecked
  }, [somePageChecked])

  const check = (note: Note, on: boolean) => {
    const next = new Map(all ? items.map((item) => [item.id, item]) : selected)
    if (on) next.set(note.id, note)
    else next.delete(note.id)
    setAll(false)
    setSelected(next)
  }
  const checkPage = (on: boolean) => {
    const next = new Map(all ? [] : selected)
    for (const note of items) on ? next.set(note.id, note) : next.delete(note.id)
    setAll(false)
    setSelected(next)
  }
  /* a card removed from study in a session comes back from its row */
  const bringBack = (note: Note) =>
    router.post(urlFor('decks.notes.bulk', { id: deck.id }), { bulk_action: 'unsuspend', ids: [note.id] }, { preserveScroll: true, preserveState: true })
  const selection: Selection = { all, notes: all ? items : [...selected.values()], count: all ? notes.total : selected.size }
  const filtered = Boolean(notes.query || notes.learningState || notes.frozen !== null || notes.suspended !== null)

  return (
    <section className="stack deck-cards" aria-label={t('decks.tabs.cards')}>
      <div className="cards-toolbar">
        <label className="field search-field">
          <span className="visually-hidden">{t('decks.cards.search')}</span>
          <input type="search" name="query" value={search} maxLength={200} placeholder={t('decks.cards.search')} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="field">
          <span>{t('decks.sort.label')}</span>
          <select name="sort" value={sort} onChange={(event) => visit({ ...SORTS[event.target.value as SortKey], page: undefined })}>
            {(Object.keys(SORTS) as SortKey[]).map((key) => (
              <option key={key} value={key}>
                {sortLabels[key]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('decks.filter.state')}</span>
          <select name="learning_state" value={notes.learningState ?? ''} onChange={(event) => visit({ learning_state: event.target.value || undefined, page: undefined })}>
            <option value="">{t('decks.filter.all')}</option>
            {learningStates.map((state) => (
              <option key={state} value={state}>
                {states[state]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('decks.filter.frozen')}</span>
          <select
            name="frozen"
            value={notes.frozen === null ? '' : String(notes.frozen)}
            onChange={(event) => visit({ frozen: event.target.value === '' ? undefined : event.target.value === 'true', page: undefined })}
          >
            <option value="">{t('decks.filter.all')}</option>
            <option value="true">{t('decks.filter.frozen_only')}</option>
            <option value="false">{t('decks.filter.not_frozen')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('decks.filter.suspended')}</span>
          <select
            name="suspended"
            value={notes.suspended === null ? '' : String(notes.suspended)}
            onChange={(event) => visit({ suspended: event.target.value === '' ? undefined : event.target.value === 'true', page: undefined })}
          >
            <option value="">{t('decks.filter.all')}</option>
            <option value="false">{t('decks.filter.not_suspended')}</option>
            <option value="true">{t('decks.filter.suspended_only')}</option>
          </select>
        </label>
      </div>

      {items.length > 0 && editable && (
        <div className="selection-bar">
          <label className="checkbox">
            <input ref={pageBox} type="checkbox" name="select_page" checked={pageChecked} onChange={(event) => checkPage(event.target.checked)} />
            <span>{selection.count > 0 ? t('decks.cards.selected', { count: selection.count }) : t('decks.cards.select_page')}</span>
          </label>
          {pageChecked && !all && notes.total > items.length && (
            <button type="button" className="button small ghost" onClick={() => setAll(true)}>
              {filtered ? t('decks.cards.select_all_matching', { count: notes.total }) : t('decks.cards.select_all', { count: notes.total })}
            </button>
          )}
          {selection.count > 0 && (
            <button type="button" className="button small ghost" onClick={clearSelection}>
              {t('decks.cards.clear_selection')}
            </button>
          )}
        </div>
      )}
      {selection.count > 0 && editable && (
        <BulkActions deck={deck} notes={notes} selection={selection} templates={templates} destinations={destinations} onDone={clearSelection} />
      )}

      {items.length ? (
        <ul className="note-list">
          {items.map((note) => (
            <NoteRow
              key={note.id}
              note={note}
              checked={all || selected.has(note.id)}
              onCheck={editable ? (on) => check(note, on) : undefined}
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

      {pages > 1 && (
        <nav className="pager" aria-label={t('decks.cards.pages')}>
          <button type="button" className="button small" disabled={notes.page <= 1} onClick={() => visit({ page: notes.page - 1 })}>
            {t('decks.cards.previous')}
          </button>
          <span>{t('decks.cards.page_of', { page: notes.page, pages })}</span>
          <button type="button" className="button small" disabled={notes.page >= pages} onClick={() => visit({ page: notes.page + 1 })}>
            {t('decks.cards.next')}
          </button>
        </nav>
      )}
    </section>
  )
}
