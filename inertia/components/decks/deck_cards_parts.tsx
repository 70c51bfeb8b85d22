/* The cards tab's bars: search, sort and filters; the selection; the pages. */
import { useT } from '~/lib/i18n'
import { useStateLabels } from '~/components/decks/note_row'
import type { CardsQuery, NoteSelection } from '~/components/decks/use_deck_cards'
import type { NotesPage } from '~/components/decks/types'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']

const SORTS = {
  next: { sort_by: 'next_review_at', order: 'ASC' },
  newest: { sort_by: 'created_at', order: 'DESC' },
  oldest: { sort_by: 'created_at', order: 'ASC' },
  az: { sort_by: 'alphabetical', order: 'ASC' },
  za: { sort_by: 'alphabetical', order: 'DESC' },
} as const
type SortKey = keyof typeof SORTS
const SORT_KEYS = Object.keys(SORTS) as SortKey[]

/** The sort the list has, by its column and order (else by its column alone). */
const sortOf = (notes: NotesPage): SortKey =>
  SORT_KEYS.find(
    (key) => SORTS[key].sort_by === notes.sortBy && SORTS[key].order === notes.order
  ) ??
  SORT_KEYS.find((key) => SORTS[key].sort_by === notes.sortBy) ??
  'next'

/** A yes / no / either filter. */
function TriStateFilter({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string
  label: string
  value: boolean | null
  /** the labels of "either", then the two choices in the order shown */
  options: [string, [boolean, string], [boolean, string]]
  onChange: (value: boolean | undefined) => void
}) {
  const [either, first, second] = options
  return (
    <label className="field">
      <span>{label}</span>
      <select
        name={name}
        value={value === null ? '' : String(value)}
        onChange={(event) =>
          onChange(event.target.value === '' ? undefined : event.target.value === 'true')
        }
      >
        <option value="">{either}</option>
        <option value={String(first[0])}>{first[1]}</option>
        <option value={String(second[0])}>{second[1]}</option>
      </select>
    </label>
  )
}

export function CardsToolbar({
  deck,
  notes,
  query,
}: {
  deck: Deck
  notes: NotesPage
  query: CardsQuery
}) {
  const t = useT()
  const states = useStateLabels()
  const { visit } = query
  const sortLabels: Record<SortKey, string> = {
    next: t('decks.sort.next_review'),
    newest: t('decks.sort.newest'),
    oldest: t('decks.sort.oldest'),
    az: t('decks.sort.a_z'),
    za: t('decks.sort.z_a'),
  }
  const learningStates =
    deck.algorithmType === 'speedLearning'
      ? ['new', 'study_again', 'got_it']
      : ['new', 'learning', 'graduated']
  return (
    <div className="cards-toolbar">
      <label className="field search-field">
        <span className="visually-hidden">{t('decks.cards.search')}</span>
        <input
          type="search"
          name="query"
          value={query.search}
          maxLength={200}
          placeholder={t('decks.cards.search')}
          onChange={(event) => query.setSearch(event.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('decks.sort.label')}</span>
        <select
          name="sort"
          value={sortOf(notes)}
          onChange={(event) => visit({ ...SORTS[event.target.value as SortKey], page: undefined })}
        >
          {SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {sortLabels[key]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('decks.filter.state')}</span>
        <select
          name="learning_state"
          value={notes.learningState ?? ''}
          onChange={(event) =>
            visit({ learning_state: event.target.value || undefined, page: undefined })
          }
        >
          <option value="">{t('decks.filter.all')}</option>
          {learningStates.map((state) => (
            <option key={state} value={state}>
              {states[state]}
            </option>
          ))}
        </select>
      </label>
      <TriStateFilter
        name="frozen"
        label={t('decks.filter.frozen')}
        value={notes.frozen}
        options={[
          t('decks.filter.all'),
          [true, t('decks.filter.frozen_only')],
          [false, t('decks.filter.not_frozen')],
        ]}
        onChange={(frozen) => visit({ frozen, page: undefined })}
      />
      <TriStateFilter
        name="suspended"
        label={t('decks.filter.suspended')}
        value={notes.suspended}
        options={[
          t('decks.filter.all'),
          [false, t('decks.filter.not_suspended')],
          [true, t('decks.filter.suspended_only')],
        ]}
        onChange={(suspended) => visit({ suspended, page: undefined })}
      />
    </div>
  )
}

/** This page checked (or some of it), all that match, or none. */
export function SelectionBar({
  notes,
  selection,
  filtered,
}: {
  notes: NotesPage
  selection: NoteSelection
  filtered: boolean
}) {
  const t = useT()
  const { pageBox, pageChecked, checkPage, selectAll, clear } = selection
  const { count, all } = selection.selection
  return (
    <div className="selection-bar">
      <label className="checkbox">
        <input
          ref={pageBox}
          type="checkbox"
          name="select_page"
          checked={pageChecked}
          onChange={(event) => checkPage(event.target.checked)}
        />
        <span>
          {count > 0 ? t('decks.cards.selected', { count }) : t('decks.cards.select_page')}
        </span>
      </label>
      {pageChecked && !all && notes.total > notes.items.length && (
        <button type="button" className="button small ghost" onClick={selectAll}>
          {filtered
            ? t('decks.cards.select_all_matching', { count: notes.total })
            : t('decks.cards.select_all', { count: notes.total })}
        </button>
      )}
      {count > 0 && (
        <button type="button" className="button small ghost" onClick={clear}>
          {t('decks.cards.clear_selection')}
        </button>
      )}
    </div>
  )
}

export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
}) {
  const t = useT()
  return (
    <nav className="pager" aria-label={t('decks.cards.pages')}>
      <button
        type="button"
        className="button small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('decks.cards.previous')}
      </button>
      <span>{t('decks.cards.page_of', { page, pages })}</span>
      <button
        type="button"
        className="button small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('decks.cards.next')}
      </button>
    </nav>
  )
}
