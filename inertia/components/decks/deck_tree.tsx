import type { CSSProperties } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { ChevronRight } from 'lucide-react'
import { useT } from '~/lib/i18n'
import { DeckCounts, hasCardsToday, ProcessingBadge } from '~/components/decks/deck_counts'
import { DeckMenu } from '~/components/decks/deck_menu'
import { useHome } from '~/components/decks/home_context'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type ListedDeck = Data.Deck.Variants['forList']

/** Decks with their subdecks; a subdeck shows only while its parent is expanded. */
export function DeckTree({ decks, depth = 0 }: { decks: ListedDeck[]; depth?: number }) {
  if (!decks.length) return null
  return (
    <ul className={depth ? 'deck-tree deck-children' : 'deck-tree'}>
      {decks.map((deck) => (
        <DeckRow key={deck.id} deck={deck} depth={depth} />
      ))}
    </ul>
  )
}

function DeckRow({ deck, depth }: { deck: ListedDeck; depth: number }) {
  const t = useT()
  const home = useHome()
  const open = home.expanded.has(deck.id)
  const children = home.children.get(deck.id) ?? []
  return (
    <li className="deck-item" data-deck-id={deck.id}>
      <div className="deck-row" style={{ '--depth': depth } as CSSProperties}>
        {children.length > 0 ? (
          <button
            type="button"
            className={`icon-button deck-toggle${open ? ' open' : ''}`}
            aria-expanded={open}
            aria-label={
              open
                ? t('decks.list.collapse', { name: deck.name })
                : t('decks.list.expand', { name: deck.name })
            }
            onClick={() => home.toggle(deck.id)}
          >
            <ChevronRight size="1em" aria-hidden="true" />
          </button>
        ) : (
          <span className="deck-toggle" aria-hidden="true" />
        )}
        <div className="deck-title">
          <Link route="decks.show" routeParams={{ id: deck.id }} className="deck-name">
            {deck.name}
          </Link>
          <ProcessingBadge entry={home.polling.get(deck.id)} state={deck.state} />
        </div>
        <DeckCounts deck={deck} compact />
        {/* studying a deck is one click from the list, as in Anki; the session includes the subdecks */}
        <Link
          route="learn.show"
          routeParams={{ id: deck.id }}
          className={`button small deck-row-study${hasCardsToday(deck) ? ' due' : ''}`}
        >
          {t('learn.study')}
        </Link>
        <DeckMenu deck={deck} />
      </div>
      {open && <DeckTree decks={children} depth={depth + 1} />}
    </li>
  )
}
