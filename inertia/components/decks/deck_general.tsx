import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { useDeckDialogs } from '~/components/decks/deck_dialogs'
import {
  ClientDate,
  DeckCounts,
  hasCardsToday,
  ProcessingBadge,
} from '~/components/decks/deck_counts'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']
type PollingEntry = Data.DeckJob

/** The deck's cards by state (whenever they are due), and when the next card comes when none is due today. */
function DeckStates({ deck }: { deck: Deck }) {
  const t = useT()
  const stats = [
    { key: 'new', label: t('decks.counts.new'), value: deck.newCardsCount },
    { key: 'learning', label: t('decks.counts.learning'), value: deck.learningCardsCount },
    { key: 'graduated', label: t('decks.counts.graduated'), value: deck.graduatedCardsCount },
    { key: 'frozen', label: t('decks.counts.frozen'), value: deck.frozenCardsCount },
    { key: 'total', label: t('decks.counts.total'), value: deck.totalCardsCount },
  ]
  return (
    <section className="card" aria-labelledby="deck-states-title">
      <h2 id="deck-states-title" className="stats-title">
        {t('decks.deck.states')}
      </h2>
      <dl className="stats">
        {stats.map((stat) => (
          <div key={stat.key} className={`stat stat-${stat.key}`}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
      {deck.nextCardAppearsAt && !hasCardsToday(deck) && (
        <p className="muted">
          {t('decks.deck.next_card')} <ClientDate iso={deck.nextCardAppearsAt} withTime />
        </p>
      )}
    </section>
  )
}

/** The deck's own subdecks, in their order, with their counts. */
function Subdecks({
  deck,
  tree,
  polling,
  editable,
}: {
  deck: Deck
  tree: Deck[]
  polling: PollingEntry[]
  editable: boolean
}) {
  const t = useT()
  const dialogs = useDeckDialogs()
  const subdecks = tree
    .filter((item) => item.parentId === deck.id)
    .sort((a, b) => a.position - b.position || a.id - b.id)
  return (
    <section className="card stack" aria-labelledby="subdecks-title">
      <div className="section-title">
        <h2 id="subdecks-title">{t('decks.deck.subdecks')}</h2>
        {editable && (
          <button type="button" className="button small" onClick={() => dialogs.addSubdeck(deck)}>
            {t('decks.menu.add_subdeck')}
          </button>
        )}
      </div>
      {subdecks.length ? (
        <ul className="deck-tree">
          {subdecks.map((child) => (
            <li key={child.id} className="deck-item">
              <div className="deck-row">
                <div className="deck-title">
                  <Link route="decks.show" routeParams={{ id: child.id }} className="deck-name">
                    {child.name}
                  </Link>
                  <ProcessingBadge
                    entry={polling.find((item) => item.id === child.id)}
                    state={child.state}
                  />
                </div>
                <DeckCounts deck={child} compact />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('decks.deck.no_subdecks')}</p>
      )}
    </section>
  )
}

/* "You" is the owner alone: a participant reads the owner's name, with how the deck was made unless by hand */
function createdBy(
  deck: Deck,
  userId: number | undefined,
  source: string,
  t: ReturnType<typeof useT>
) {
  if (deck.owner.id === userId) return source
  const name = deck.owner.name ?? deck.owner.username ?? ''
  return deck.source === 'manually' ? name : t('decks.source.owner_with_source', { name, source })
}

/** Where the deck came from, and when; on someone else's deck, whose it is. */
function DeckFacts({ deck }: { deck: Deck }) {
  const t = useT()
  const { user } = useShared()
  const sources: Record<Deck['source'], string> = {
    'manually': t('decks.source.manually'),
    'imported_anki': t('decks.source.imported_anki'),
    'pre-made': t('decks.source.pre_made'),
    'created_ai_pdf': t('decks.source.created_ai_pdf'),
    'created_ai_prompt': t('decks.source.created_ai_prompt'),
    'imported_ofc': t('decks.source.imported_ofc'),
    'imported_csv': t('decks.source.imported_csv'),
    'cloned_from_published_deck': t('decks.source.cloned_from_published_deck'),
    'remote_gpt': t('decks.source.remote_gpt'),
  }
  return (
    <section className="card">
      <dl className="facts">
        <dt>{t('decks.deck.source')}</dt>
        <dd>{createdBy(deck, user?.id, sources[deck.source], t)}</dd>
        <dt>{t('decks.deck.created')}</dt>
        <dd>
          <ClientDate iso={deck.createdAt} />
        </dd>
      </dl>
    </section>
  )
}

/** The deck's cards by state (whenever they are due), the subdecks, and where the deck came from. */
export function DeckGeneral({
  deck,
  tree,
  polling,
  editable,
}: {
  deck: Deck
  tree: Deck[]
  polling: PollingEntry[]
  editable: boolean
}) {
  return (
    <div className="stack">
      <DeckStates deck={deck} />
      <Subdecks deck={deck} tree={tree} polling={polling} editable={editable} />
      <DeckFacts deck={deck} />
    </div>
  )
}
