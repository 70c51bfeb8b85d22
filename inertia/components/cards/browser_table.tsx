import { ArrowDown, ArrowUp } from 'lucide-react'
import type { Data } from '~generated/data'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { ClientDate } from '~/components/decks/deck_counts'
import { FlagMarker } from '~/components/cards/card_flag'

export type BrowserPage = Data.CardBrowserPage
export type BrowserRow = Data.CardBrowser
export type SortColumn = BrowserPage['sort']

/* literal keys, so the catalogue test sees every one; `optional` columns give way on a phone */
const COLUMNS: { key: SortColumn; label: string; optional?: boolean }[] = [
  { key: 'sort_field', label: 'browser.columns.sort_field' },
  { key: 'card', label: 'browser.columns.card' },
  { key: 'due', label: 'browser.columns.due' },
  { key: 'interval', label: 'browser.columns.interval' },
  { key: 'ease', label: 'browser.columns.ease', optional: true },
  { key: 'lapses', label: 'browser.columns.lapses', optional: true },
  { key: 'reviews', label: 'browser.columns.reviews', optional: true },
  { key: 'added', label: 'browser.columns.added', optional: true },
  { key: 'modified', label: 'browser.columns.modified', optional: true },
  { key: 'deck', label: 'browser.columns.deck' },
]

const STATUS_LABELS = {
  not_studied: 'learn.status.not_studied',
  learning: 'learn.status.learning',
  not_quite: 'learn.status.not_quite',
  got_it: 'learn.status.got_it',
  learned: 'learn.status.learned',
  mastered: 'learn.status.mastered',
  frozen: 'learn.status.frozen',
  suspended: 'browser.suspended',
} as const

function SortHeader({
  column,
  sort,
  order,
  onSort,
}: {
  column: (typeof COLUMNS)[number]
  sort: SortColumn
  order: 'asc' | 'desc'
  onSort: (sort: SortColumn) => void
}) {
  const t = useT()
  const active = column.key === sort
  return (
    <th
      scope="col"
      className={column.optional ? 'browser-optional' : undefined}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="browser-sort"
        data-sort={column.key}
        aria-label={t('browser.sort_by', { column: t(column.label) })}
        onClick={() => onSort(column.key)}
      >
        {t(column.label)}
        {active &&
          (order === 'asc' ? (
            <ArrowUp size="1em" aria-hidden="true" />
          ) : (
            <ArrowDown size="1em" aria-hidden="true" />
          ))}
      </button>
    </th>
  )
}

function Row({
  card,
  checked,
  editing,
  onCheck,
  onHistory,
  onEdit,
}: {
  card: BrowserRow
  checked: boolean
  editing: boolean
  onCheck: (checked: boolean) => void
  onHistory: () => void
  onEdit: () => void
}) {
  const t = useT()
  const { locale } = useShared()
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)
  const ease =
    card.difficulty !== null
      ? number(card.difficulty, 1)
      : card.ease !== null
        ? `${number(card.ease * 100)}%`
        : '—'
  return (
    <tr
      data-card-id={card.id}
      className={
        [checked ? 'selected' : '', editing ? 'editing' : ''].join(' ').trim() || undefined
      }
      aria-current={editing || undefined}
    >
      <td>
        <input
          type="checkbox"
          checked={checked}
          aria-label={t('browser.select_card', { name: card.sortField })}
          onChange={(event) => onCheck(event.target.checked)}
        />
      </td>
      <td className="browser-field">
        <span>
          {card.sortField}
          <FlagMarker flag={card.flag} className="browser-flag" />
        </span>
        <span className={`browser-status status-${card.status}`}>
          {t(STATUS_LABELS[card.status])}
        </span>
        {card.isBuried && (
          <span className="browser-status status-buried">{t('browser.buried')}</span>
        )}
        <span className="row browser-row-actions">
          <button
            type="button"
            className="button ghost small browser-edit"
            aria-label={t('browser.edit_card', { name: card.sortField })}
            onClick={onEdit}
          >
            {t('browser.edit')}
          </button>
          <button type="button" className="button ghost small browser-history" onClick={onHistory}>
            {t('browser.history')}
          </button>
        </span>
      </td>
      <td className="browser-card">{card.cardName}</td>
      <td>{card.dueAt ? <ClientDate iso={card.dueAt} /> : '—'}</td>
      <td>
        {card.status === 'not_studied'
          ? '—'
          : t('browser.days', { count: number(card.intervalDays) })}
      </td>
      <td className="browser-optional">{ease}</td>
      <td className="browser-optional">{number(card.lapses)}</td>
      <td className="browser-optional">{number(card.reviews)}</td>
      <td className="browser-optional">
        <ClientDate iso={card.createdAt} />
      </td>
      <td className="browser-optional">
        <ClientDate iso={card.updatedAt} />
      </td>
      <td>{card.deckName}</td>
    </tr>
  )
}

/** The found cards, a column header to sort by each, a box to check each row and the page. */
export function BrowserTable({
  browser,
  selected,
  editing,
  onSelect,
  onSort,
  onHistory,
  onEdit,
}: {
  browser: BrowserPage
  selected: Map<number, BrowserRow>
  /** the card whose note is open beside the list */
  editing: number | null
  onSelect: (cards: BrowserRow[], checked: boolean) => void
  onSort: (sort: SortColumn) => void
  onHistory: (cardId: number) => void
  onEdit: (cardId: number) => void
}) {
  const t = useT()
  const all = browser.cards.length > 0 && browser.cards.every((card) => selected.has(card.id))
  return (
    <div className="browser-table-wrap">
      <table className="browser-table">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                checked={all}
                aria-label={t('browser.select_page')}
                onChange={(event) => onSelect(browser.cards, event.target.checked)}
              />
            </th>
            {COLUMNS.map((column) => (
              <SortHeader
                key={column.key}
                column={column}
                sort={browser.sort}
                order={browser.order}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {browser.cards.map((card) => (
            <Row
              key={card.id}
              card={card}
              checked={selected.has(card.id)}
              editing={card.id === editing}
              onCheck={(checked) => onSelect([card], checked)}
              onHistory={() => onHistory(card.id)}
              onEdit={() => onEdit(card.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}
