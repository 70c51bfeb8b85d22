import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { urlFor } from '~/lib/routes'
import {
  BUDGET_BYTES,
  onDownload,
  queueDownload,
  removeOfflineCopy,
  resumeDownloads,
  type DownloadEvent,
} from '~/lib/offline/download'
import { getDeck, listDecks, type DeckRecord } from '~/lib/offline/store'
import { keepShell } from '~/lib/offline/shell'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']

/** This deck's copy on the device, the bytes all offline decks take, and the running download's progress. */
function useOfflineCopy(deckId: number, userId: number) {
  const [record, setRecord] = useState<DeckRecord | null | undefined>(undefined)
  const [usedBytes, setUsedBytes] = useState(0)
  const [progress, setProgress] = useState<DownloadEvent | null>(null)
  /* the offline page kept with its code (this version's): studying offline needs it as much as the cards */
  const [shellKept, setShellKept] = useState(false)
  useEffect(() => {
    const keep = () => void keepShell().finally(() => setShellKept(true))
    const refresh = async () => {
      const stored = await getDeck(deckId)
      setRecord(stored ?? null)
      const decks = await listDecks(userId)
      setUsedBytes(decks.reduce((sum, deck) => sum + deck.dataBytes + deck.mediaBytes, 0))
      return stored
    }
    void refresh().then((stored) => stored?.status === 'ready' && keep())
    void resumeDownloads(userId)
    return onDownload((event) => {
      if (event.deckId === deckId) setProgress(event)
      void refresh()
      if (event.status === 'ready') keep()
    })
  }, [deckId, userId])
  return { record, usedBytes, progress, shellKept }
}

function useBytes() {
  const { locale } = useShared()
  return (bytes: number) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: 1,
    }).format(bytes / (1024 * 1024))
}

function CopyStatus({
  record,
  progress,
  shellKept,
}: {
  record: DeckRecord | null
  progress: DownloadEvent | null
  shellKept: boolean
}) {
  const t = useT()
  const bytes = useBytes()
  if (!record) return <p className="muted">{t('offline.panel.not_on_device')}</p>
  if (record.status === 'ready' && shellKept)
    return (
      <p data-offline-status="ready">
        {t('offline.panel.ready', {
          count: record.totals?.available ?? 0,
          size: bytes(record.dataBytes + record.mediaBytes),
        })}
      </p>
    )
  if (record.status === 'failed')
    return (
      <p className="field-error" data-offline-status="failed">
        {progress?.error === 'E_OFFLINE_BUDGET'
          ? t('offline.panel.over_budget')
          : t('offline.panel.failed')}
      </p>
    )
  const pages = progress?.pages || record.pages || 1
  return (
    <div data-offline-status="downloading">
      <label htmlFor={`offline-progress-${record.deckId}`}>{t('offline.panel.downloading')}</label>{' '}
      <progress
        id={`offline-progress-${record.deckId}`}
        max={pages || 1}
        value={Math.max(0, record.nextPage - 1)}
      />
    </div>
  )
}

/**
 * "Available offline" on a root deck's page (docs/offline.md): the switch (the deck's offline mode), the
 * copy on this device with its download's progress, the room all offline decks take against the budget, and
 * a way to study it offline or remove it.
 */
export function OfflinePanel({ deck, editable }: { deck: Deck; editable: boolean }) {
  const t = useT()
  const bytes = useBytes()
  const userId = useShared().user?.id ?? 0
  const { record, usedBytes, progress, shellKept } = useOfflineCopy(deck.id, userId)
  const [busy, setBusy] = useState(false)
  const canSwitch = editable && deck.collaboration.role === 'owner'

  const download = () => void queueDownload(deck.id, userId, deck.name)
  const toggle = (enabled: boolean) => {
    setBusy(true)
    router.put(
      urlFor('decks.update', { id: deck.id }),
      { deck: { offline_mode_enabled: enabled } },
      {
        preserveScroll: true,
        onSuccess: () => (enabled ? download() : void removeOfflineCopy(deck.id)),
        onFinish: () => setBusy(false),
      }
    )
  }

  return (
    <section className="card stack offline-panel" aria-labelledby="offline-panel-title">
      <h2 id="offline-panel-title">{t('offline.panel.title')}</h2>
      <label className="row">
        <input
          type="checkbox"
          role="switch"
          checked={deck.offlineModeEnabled}
          disabled={!canSwitch || busy}
          onChange={(event) => toggle(event.target.checked)}
        />
        {t('offline.panel.switch')}
      </label>
      {deck.offlineModeEnabled && record !== undefined && (
        <>
          <CopyStatus record={record} progress={progress} shellKept={shellKept} />
          <p className="muted" data-offline-usage>
            {t('offline.panel.usage', { used: bytes(usedBytes), budget: bytes(BUDGET_BYTES) })}
          </p>
          <div className="row">
            {record?.status === 'ready' && shellKept && (
              <a
                className="button primary"
                href={urlFor('offline.study', {}, { qs: { deck: deck.id } })}
              >
                {t('offline.panel.study')}
              </a>
            )}
            {(!record || record.status === 'failed') && (
              <button type="button" className="button" onClick={download}>
                {t('offline.panel.download')}
              </button>
            )}
            {record && (
              <button
                type="button"
                className="button danger-text"
                onClick={() => void removeOfflineCopy(deck.id)}
              >
                {t('offline.panel.remove')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  )
}
