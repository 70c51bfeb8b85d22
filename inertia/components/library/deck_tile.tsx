import { useEffect } from 'react'
import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { isPlainKey, isTyping } from '~/lib/keys'
import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'

/** A deck in a library list: links to its page, with its author, size and rating. */
function DeckTile({ deck }: { deck: Data.LibraryDeck }) {
  const t = useT()
  return (
    <li className="library-tile card">
      <div
        className="library-tile-band"
        style={{
          background: `linear-gradient(135deg, ${deck.gradientColors.from}, ${deck.gradientColors.to})`,
        }}
      >
        <img src={deck.iconUrl} alt="" width={32} height={32} />
      </div>
      <Link route="library.deck" routeParams={{ slug: deck.slug }} className="library-tile-name">
        {deck.name}
      </Link>
      <span className="muted">
        {t('library.by_author', { name: deck.author.name ?? deck.author.username ?? '' })}
      </span>
      <span className="muted">
        {t('library.cards_count', { count: deck.cardsCount })} ·{' '}
        {t('library.studiers_count', { count: deck.studiersCount })}
      </span>
      <span className="muted">
        {deck.rating.count
          ? t('library.rating_summary', { average: deck.rating.average, count: deck.rating.count })
          : t('library.not_rated')}
      </span>
    </li>
  )
}

export function DeckList({ decks, empty }: { decks: Data.LibraryDeck[]; empty?: string }) {
  const t = useT()
  if (!decks.length) return <p className="muted">{empty ?? t('library.empty_list')}</p>
  return (
    <ul className="library-grid">
      {decks.map((deck) => (
        <DeckTile key={deck.id} deck={deck} />
      ))}
    </ul>
  )
}

/** Previous and next links of a paged list (plain links: they work before React does). */
export function Pager({
  href,
  offset,
  limit,
  total,
}: {
  href: (offset: number) => string
  offset: number
  limit: number
  total: number
}) {
  const t = useT()
  const previous = offset > 0 ? href(Math.max(0, offset - limit)) : null
  const next = offset + limit < total ? href(offset + limit) : null
  /* the deck preview's shortcuts (spec 001): left and right arrows page back and on, unless typing */
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPlainKey(event) || isTyping(event.target)) return
      const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null
      if (!to) return
      event.preventDefault()
      router.visit(to)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [previous, next])
  if (offset === 0 && total <= limit) return null
  return (
    <nav className="row" aria-label="pages">
      {previous && (
        <Link href={previous} className="button small" aria-keyshortcuts="ArrowLeft">
          {t('library.previous')}
        </Link>
      )}
      {next && (
        <Link href={next} className="button small" aria-keyshortcuts="ArrowRight">
          {t('library.next')}
        </Link>
      )}
    </nav>
  )
}
