import { useState, type FormEvent } from 'react'
import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { CardSheet } from '~/components/learning/card_sheet'
import { CardEditor } from '~/components/learning/card_editor'
import {
  BrowserTable,
  type BrowserPage,
  type BrowserRow,
  type SortColumn,
} from '~/components/cards/browser_table'
import { BrowserActions } from '~/components/cards/browser_actions'
import '~/css/decks.css'
import '~/css/learning.css'
import '~/css/browser.css'
import '~/css/editor.css'
import type { Data } from '~generated/data'

type Destinations = Data.Deck.Variants['forPicker'][]

type Props = {
  browser: BrowserPage
  /** loaded when the move dialog opens */
  destinations?: Destinations
}

/** The search as typed, with the character where it went wrong marked (the end of the search: a mark after it). */
function SearchError({ q, error }: { q: string; error: NonNullable<BrowserPage['error']> }) {
  const at = Math.min(error.position, q.length)
  return (
    <div id="browser-search-error" className="form-error browser-error" role="alert">
      <p>{error.message}</p>
      <code className="browser-error-query">
        {q.slice(0, at)}
        <mark>{q.slice(at, at + 1) || ' '}</mark>
        {q.slice(at + 1)}
      </code>
    </div>
  )
}

function Pager({ browser, onPage }: { browser: BrowserPage; onPage: (page: number) => void }) {
  const t = useT()
  const pages = Math.max(1, Math.ceil(browser.total / Math.max(1, browser.pageSize)))
  if (pages <= 1) return null
  return (
    <nav
      className="row browser-pager"
      aria-label={t('browser.page', { page: browser.page, pages })}
    >
      <button
        type="button"
        className="button small"
        disabled={browser.page <= 1}
        onClick={() => onPage(browser.page - 1)}
      >
        {t('browser.previous')}
      </button>
      <span>{t('browser.page', { page: browser.page, pages })}</span>
      <button
        type="button"
        className="button small"
        disabled={browser.page >= pages}
        onClick={() => onPage(browser.page + 1)}
      >
        {t('browser.next')}
      </button>
    </nav>
  )
}

/** The search box, and under it the search's error marked in the query, or the language's hint. */
function SearchForm({
  browser,
  text,
  onText,
  onSearch,
}: {
  browser: BrowserPage
  text: string
  onText: (text: string) => void
  onSearch: (event: FormEvent) => void
}) {
  const t = useT()
  return (
    <>
      <form className="browser-search" role="search" onSubmit={onSearch}>
        <label htmlFor="browser-q" className="visually-hidden">
          {t('browser.search_label')}
        </label>
        <input
          id="browser-q"
          name="q"
          type="search"
          value={text}
          maxLength={1000}
          autoComplete="off"
          spellCheck={false}
          placeholder="deck:Spanish tag:verbs is:due"
          aria-invalid={browser.error ? true : undefined}
          aria-describedby={browser.error ? 'browser-search-error' : 'browser-search-hint'}
          onChange={(event) => onText(event.target.value)}
        />
        <button type="submit" className="button primary">
          {t('browser.search_button')}
        </button>
      </form>
      {browser.error ? (
        <SearchError q={browser.q} error={browser.error} />
      ) : (
        <p id="browser-search-hint" className="muted browser-hint">
          {t('browser.hint')}
        </p>
      )}
    </>
  )
}

/**
 * The card browser: search every card with the card search language, sort,
 * page, act on the checked ones, open a card's history, and edit a card's
 * note beside the list (as Anki's browser does).
 */
export default function CardBrowser({ browser, destinations }: Props) {
  const t = useT()
  const [text, setText] = useState(browser.q)
  const [selected, setSelected] = useState<Map<number, BrowserRow>>(() => new Map())
  const [sheet, setSheet] = useState<number | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  /* each save opens the note again as saved: what is in the editor is then what is stored */
  const [saves, setSaves] = useState(0)
  /* another search starts another selection (in render: the old one is never shown with the new list) */
  const [searched, setSearched] = useState(browser.q)
  if (searched !== browser.q) {
    setSearched(browser.q)
    setText(browser.q)
    setSelected(new Map())
  }

  const visit = (changes: {
    q?: string
    sort?: SortColumn
    order?: 'asc' | 'desc'
    page?: number
  }) =>
    router.get(
      urlFor('cards.browse'),
      { q: browser.q || undefined, sort: browser.sort, order: browser.order, ...changes },
      { preserveState: true, preserveScroll: true, only: ['browser'] }
    )
  const search = (event: FormEvent) => {
    event.preventDefault()
    visit({ q: text.trim() || undefined, page: undefined })
  }
  const sort = (column: SortColumn) =>
    visit({
      sort: column,
      order:
        column === browser.sort && browser.order === 'asc'
          ? 'desc'
          : column === browser.sort
            ? 'asc'
            : 'desc',
      page: undefined,
    })
  const select = (cards: BrowserRow[], checked: boolean) =>
    setSelected((before) => {
      const next = new Map(before)
      for (const card of cards) checked ? next.set(card.id, card) : next.delete(card.id)
      return next
    })
  /* rows reflect the last answer: a bulk action's result shows in the checked rows too */
  const checked = browser.cards.filter((card) => selected.has(card.id))

  return (
    <div className="stack browser-page">
      <Head title={t('browser.title')} />
      <h1>{t('browser.title')}</h1>
      <SearchForm browser={browser} text={text} onText={setText} onSearch={search} />
      {!browser.error && (
        <p className="muted" role="status">
          {browser.total === 0 ? t('browser.empty') : t('browser.found', { count: browser.total })}
        </p>
      )}
      {checked.length > 0 && (
        <BrowserActions
          selected={checked}
          destinations={destinations}
          onDone={() => setSelected(new Map())}
        />
      )}
      <div className={editing === null ? 'browser-layout' : 'browser-layout editing'}>
        <div className="browser-list">
          {browser.cards.length > 0 && (
            <BrowserTable
              browser={browser}
              selected={selected}
              editing={editing}
              onSelect={select}
              onSort={sort}
              onHistory={setSheet}
              onEdit={setEditing}
            />
          )}
          <Pager browser={browser} onPage={(page) => visit({ page })} />
        </div>
        {editing !== null && (
          <CardEditor
            key={`${editing}-${saves}`}
            inline
            cardId={editing}
            onClose={() => setEditing(null)}
            /* the row reads the saved note (its sort field, its modified date) */
            onSaved={() => {
              setSaves((count) => count + 1)
              router.reload({ only: ['browser'] })
            }}
          />
        )}
      </div>
      {sheet !== null && <CardSheet cardId={sheet} onClose={() => setSheet(null)} />}
    </div>
  )
}
