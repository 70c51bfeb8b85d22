import { Fragment } from 'react'
import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { DeckCounts, ProcessingBadge } from '~/components/decks/deck_counts'
import { urlFor } from '~/lib/routes'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']
type PollingEntry = Data.DeckJob

/** Breadcrumbs, name, state and counts of the deck page; archived decks offer Restore. */
export function DeckHeader({
  deck,
  tree,
  entry,
  editable,
}: {
  deck: Deck
  tree: Deck[]
  entry?: PollingEntry
  editable: boolean
}) {
  const t = useT()
  const byId = new Map(tree.map((item) => [item.id, item]))
  const ancestors: Deck[] = []
  for (
    let parent = deck.parentId ? byId.get(deck.parentId) : undefined;
    parent;
    parent = parent.parentId ? byId.get(parent.parentId) : undefined
  ) {
    ancestors.unshift(parent)
  }
  const archived = deck.state === 'archived'

  return (
    <header className="deck-header">
      <nav className="breadcrumbs" aria-label={t('decks.deck.breadcrumbs')}>
        <Link route={archived ? 'decks.archived' : 'home'}>
          {archived ? t('decks.archive.title') : t('decks.list.all_decks')}
        </Link>
        {ancestors.map((item) => (
          <Fragment key={item.id}>
            <span aria-hidden="true">›</span>
            <Link route="decks.show" routeParams={{ id: item.id }}>
              {item.name}
            </Link>
          </Fragment>
        ))}
      </nav>
      <div className="deck-header-main">
        <div className="deck-header-title">
          <h1>{deck.name}</h1>
          {archived && <span className="badge badge-archived">{t('decks.archive.badge')}</span>}
          <ProcessingBadge entry={entry} state={deck.state} />
        </div>
        <div className="row">
          {archived ? (
            <button
              type="button"
              className="button primary"
              onClick={() =>
                router.delete(urlFor('decks.restore', { id: deck.rootDeckId }), {
                  preserveScroll: true,
                })
              }
            >
              {t('decks.actions.restore')}
            </button>
          ) : (
            editable && (
              <>
                <Link route="ai.generate" qs={{ deck_id: deck.id }} className="button">
                  {t('ai.button')}
                </Link>
                <Link
                  route="notes.create"
                  routeParams={{ deckId: deck.id }}
                  className="button primary"
                >
                  {t('decks.cards.add')}
                </Link>
              </>
            )
          )}
        </div>
      </div>
      <DeckCounts deck={deck} />
      {archived && <p className="notice">{t('decks.archive.read_only')}</p>}
      {entry?.state === 'processing_failed' && (
        <p className="notice notice-danger">
          {t(
            entry.failureCode === 'E_CARDS_LIMIT_REACHED'
              ? 'decks.jobs.failed_cards_limit_body'
              : 'decks.jobs.failed_body'
          )}
        </p>
      )}
    </header>
  )
}
