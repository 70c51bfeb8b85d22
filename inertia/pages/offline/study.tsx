import { useEffect, useState } from 'react'
import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { urlFor } from '~/lib/routes'
import { useHydrated } from '~/lib/use_hydrated'
import { listDecks, type DeckRecord } from '~/lib/offline/store'
import { resumeDownloads } from '~/lib/offline/download'
import { OfflineStudy } from '~/components/offline/offline_study'
import { useOfflineSync } from '~/components/offline/use_offline_sync'
import { NotAppliedNotice } from '~/components/offline/not_applied'
import '~/css/decks.css'
import '~/css/learning.css'

/* the deck studied is in the address (?deck=), so a reload (the service worker's shell) comes back to it */
function fromAddress() {
  const chosen = Number(new URLSearchParams(location.search).get('deck'))
  return Number.isInteger(chosen) && chosen > 0 ? chosen : null
}

function useChosenDeck() {
  const hydrated = useHydrated()
  const [picked, setDeckId] = useState<number | null | undefined>(undefined)
  /* the address is the browser's: read once hydrated, until the learner picks */
  const deckId = picked !== undefined ? picked : hydrated ? fromAddress() : undefined
  const choose = (id: number | null) => {
    history.pushState(
      history.state,
      '',
      urlFor('offline.study', {}, id ? { qs: { deck: id } } : {})
    )
    setDeckId(id)
  }
  return [deckId, choose] as const
}

function DeckList({ userId, onStudy }: { userId: number; onStudy: (deckId: number) => void }) {
  const t = useT()
  const [decks, setDecks] = useState<DeckRecord[] | null>(null)
  useEffect(() => {
    void listDecks(userId).then(setDecks)
  }, [userId])
  if (!decks)
    return (
      <p className="muted" role="status">
        {t('learn.loading')}
      </p>
    )
  const ready = decks.filter((deck) => deck.status === 'ready')
  if (!ready.length) return <p className="muted">{t('offline.page.none')}</p>
  return (
    <ul className="stack offline-decks" aria-label={t('offline.page.decks')}>
      {ready.map((deck) => (
        <li key={deck.deckId} className="card row offline-deck">
          <span>
            <strong>{deck.name}</strong>{' '}
            <span className="muted">
              {t('offline.page.cards', { count: deck.totals?.available ?? 0 })}
            </span>
          </span>
          <button type="button" className="button primary" onClick={() => onStudy(deck.deckId)}>
            {t('offline.page.study', { deck: deck.name })}
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * The offline study page (GET /offline, and the service worker's answer to a page the network could not
 * bring): the decks on this device, studied from their stored copy; the answers go to the server when the
 * connection is there.
 */
export default function OfflineStudyPage() {
  const t = useT()
  const userId = useShared().user?.id ?? 0
  const [deckId, choose] = useChosenDeck()
  const sync = useOfflineSync(userId)
  useEffect(() => {
    if (userId) void resumeDownloads(userId)
  }, [userId])

  return (
    <div className="stack offline-page">
      <Head title={t('offline.page.title')} />
      <p className="muted" role="status" data-offline-waiting={sync.waiting ?? ''}>
        {sync.online ? t('offline.page.online') : t('offline.page.offline')}{' '}
        {sync.waiting ? t('offline.page.waiting', { count: sync.waiting }) : ''}
      </p>
      <NotAppliedNotice notApplied={sync.notApplied} onClose={sync.dismiss} />
      {deckId ? (
        <OfflineStudy deckId={deckId} onAnswered={sync.sync} onExit={() => choose(null)} />
      ) : deckId === null ? (
        <>
          <h1>{t('offline.page.title')}</h1>
          <DeckList userId={userId} onStudy={choose} />
        </>
      ) : null}
    </div>
  )
}
