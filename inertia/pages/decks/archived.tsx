import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { useDeckDialogs } from '~/components/decks/deck_dialogs'
import { ClientDate } from '~/components/decks/deck_counts'
import { childrenOf } from '~/components/decks/home_context'
import { urlFor } from '~/lib/routes'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type ListedDeck = Data.Deck.Variants['forList']

const keep = { preserveScroll: true, preserveState: true }

/** Archived main decks: read-only until restored. */
export default function ArchivedDecks({ decks }: { decks: ListedDeck[] }) {
  const t = useT()
  const dialogs = useDeckDialogs()
  const roots = childrenOf(decks).get(null) ?? []

  const remove = (deck: ListedDeck) => dialogs.remove(deck, keep)

  return (
    <div className="stack">
      <Head title={t('decks.archive.title')} />
      <nav className="breadcrumbs" aria-label={t('decks.deck.breadcrumbs')}>
        <Link route="home">{t('decks.list.all_decks')}</Link>
      </nav>
      <h1>{t('decks.archive.title')}</h1>
      <p className="muted">{t('decks.archive.body')}</p>
      {roots.length === 0 ? (
        <div className="card empty-state">
          <p className="muted">{t('decks.archive.empty')}</p>
        </div>
      ) : (
        <ul className="deck-tree archived-list">
          {roots.map((deck) => (
            <li key={deck.id} className="deck-item" data-deck-id={deck.id}>
              <div className="deck-row">
                <div className="deck-title">
                  <Link route="decks.show" routeParams={{ id: deck.id }} className="deck-name">
                    {deck.name}
                  </Link>
                  <small className="muted">
                    {t('decks.counts.cards', { count: deck.totalCardsCount })}
                    {deck.children.length > 0 && (
                      <> · {t('decks.deck.subdeck_count', { count: deck.children.length })}</>
                    )}
                    {deck.archivedAt && (
                      <>
                        {' '}
                        · {t('decks.archive.archived_on')} <ClientDate iso={deck.archivedAt} />
                      </>
                    )}
                  </small>
                </div>
                <div className="row">
                  <button
                    type="button"
                    className="button small"
                    onClick={() => router.delete(urlFor('decks.restore', { id: deck.id }), keep)}
                  >
                    {t('decks.actions.restore')}
                  </button>
                  <button
                    type="button"
                    className="button small ghost danger-text"
                    onClick={() => remove(deck)}
                  >
                    {t('decks.actions.delete')}
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
