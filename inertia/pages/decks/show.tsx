import { lazy, Suspense } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { DeckHeader } from '~/components/decks/deck_header'
import { DeckGeneral } from '~/components/decks/deck_general'
import { DeckCards } from '~/components/decks/deck_cards'
import { DeckSettings } from '~/components/decks/deck_settings'
import { useDeckPolling } from '~/components/decks/use_deck_polling'
import {
  LibraryUpdateBanner,
  PublishingPanel,
  type LibraryCategoryChoice,
} from '~/components/publishing/publishing_panel'
import type { NotesPage, Template } from '~/components/decks/types'
import { urlFor } from '~/lib/routes'
import { deckSearch } from '~/lib/deck_search'
import { ShareButton } from '~/components/sharing/sharing_dialog'
import { ExamPlanPanel, ExamSettings, type ExamPlan } from '~/components/decks/exam_plan'
import { useHydrated } from '~/lib/use_hydrated'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type InheritedLimits = Data.DeckLimits
type Deck = Data.Deck.Variants['forPage']
type Destinations = Data.Deck.Variants['forPicker'][]
type PollingEntry = Data.DeckJob
type StartedJob = Data.StartedJob
type DeckSharing = Data.DeckSharing

type Props = {
  tab: 'general' | 'cards' | 'settings'
  deck: Deck
  /** the decks of the same main deck, with counts */
  tree: Deck[]
  templates: Template[]
  /** the cards tab's page of notes; null on the other tabs */
  notes: NotesPage | null
  polling: PollingEntry[]
  /** loaded when the move picker opens */
  destinations?: Destinations
  started: StartedJob[]
  /** loaded when the Sharing dialog opens */
  sharing?: DeckSharing
  libraryCategories: LibraryCategoryChoice[] | null
  /** exam mode's plan on the general tab; null without an exam ahead */
  examPlan: ExamPlan | null
  /** the settings tab's: the daily limits that apply where the deck sets none */
  limitDefaults: InheritedLimits | null
}

const RELOAD = ['deck', 'tree', 'notes', 'polling']

/* the offline copy (IndexedDB, the download, the service worker): a chunk of its own, in the browser only */
const OfflinePanel = lazy(() =>
  import('~/components/offline/offline_panel').then((loaded) => ({ default: loaded.OfflinePanel }))
)

export default function DeckPage({
  tab,
  deck,
  tree,
  templates,
  notes,
  polling,
  destinations,
  started,
  sharing,
  libraryCategories,
  examPlan,
  limitDefaults,
}: Props) {
  const t = useT()
  const hydrated = useHydrated()
  useDeckPolling(polling, started, RELOAD)
  const entry = polling.find((item) => item.id === deck.id)
  const busy = Boolean(entry && entry.state !== 'processing_failed')
  /* a viewer of a shared deck studies it but changes nothing */
  const editable = deck.state !== 'archived' && !busy && deck.collaboration.role !== 'viewer'
  const tabs = [
    { key: 'general', label: t('decks.tabs.general') },
    { key: 'cards', label: t('decks.tabs.cards') },
    { key: 'settings', label: t('decks.tabs.settings') },
  ] as const

  return (
    <div className="stack deck-page">
      <Head title={deck.name} />
      <DeckHeader deck={deck} tree={tree} entry={entry} editable={editable} />
      <LibraryUpdateBanner deck={deck} />
      <div className="row">
        {deck.state !== 'archived' && (
          <Link
            route="learn.show"
            routeParams={{ id: deck.id }}
            className="button primary large deck-study"
          >
            {t('learn.study')}
          </Link>
        )}
        <ShareButton deckId={deck.id} sharing={sharing} />
        <Link
          href={urlFor('cards.browse', {}, { qs: { q: deckSearch(deck, tree) } })}
          className="button"
          data-browse-deck
        >
          {t('browser.browse_deck')}
        </Link>
      </div>
      <nav className="tabs" aria-label={t('decks.tabs.label')}>
        {tabs.map((item) => (
          <Link
            key={item.key}
            href={urlFor(
              'decks.show',
              { id: deck.id },
              item.key === 'general' ? {} : { qs: { tab: item.key } }
            )}
            className={`tab${tab === item.key ? ' active' : ''}`}
            aria-current={tab === item.key ? 'page' : undefined}
            preserveScroll
          >
            {item.label}
          </Link>
        ))}
      </nav>
      {tab === 'general' && (
        <DeckGeneral deck={deck} tree={tree} polling={polling} editable={editable} />
      )}
      {tab === 'general' && examPlan && <ExamPlanPanel plan={examPlan} />}
      {tab === 'general' && hydrated && deck.isRootDeck && deck.state !== 'archived' && (
        <Suspense fallback={null}>
          <OfflinePanel deck={deck} editable={editable} />
        </Suspense>
      )}
      {tab === 'cards' && notes && (
        <DeckCards
          deck={deck}
          notes={notes}
          templates={templates}
          destinations={destinations}
          editable={editable}
        />
      )}
      {tab === 'settings' && deck.isRootDeck && deck.collaboration.role === 'owner' && (
        <ExamSettings deck={deck} editable={editable} />
      )}
      {tab === 'settings' && (
        <DeckSettings deck={deck} editable={editable} limitDefaults={limitDefaults} />
      )}
      {tab === 'general' &&
        deck.isRootDeck &&
        deck.collaboration.role === 'owner' &&
        deck.source !== 'cloned_from_published_deck' && (
          <PublishingPanel deck={deck} categories={libraryCategories ?? []} />
        )}
    </div>
  )
}
