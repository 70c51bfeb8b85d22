import { useState, type ReactNode } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { useAlert } from '~/components/alert_dialog'
import { DeckTree } from '~/components/decks/deck_tree'
import { FolderSection } from '~/components/decks/folder_section'
import { FolderDialog } from '~/components/decks/folder_dialog'
import { ImportDialog } from '~/components/imports/import_dialog'
import { HomeProvider, childrenOf, useStoredSet, type HomeData } from '~/components/decks/home_context'
import { useDeckPolling } from '~/components/decks/use_deck_polling'
import type { Deck, Folder, PollingEntry, StartedJob } from '~/components/decks/types'
import { urlFor } from '~/lib/routes'
import '~/css/decks.css'

type Props = {
  decks: Deck[]
  folders: Folder[]
  numberOfArchivedDecks: number
  polling: PollingEntry[]
  started: StartedJob[]
  folderColors: Folder['color'][]
}

const LIST_PROPS = ['decks', 'folders', 'numberOfArchivedDecks', 'polling']

/** The deck list: folders, then the main decks outside any folder, then the way to the archive. */
export default function Home({ decks, folders, numberOfArchivedDecks, polling, started, folderColors }: Props) {
  const { user } = useShared()
  const t = useT()
  const alert = useAlert()
  const [dialog, setDialog] = useState<ReactNode>(null)
  const [expanded, toggle] = useStoredSet('mnemo.decks.expanded')
  const [collapsedFolders, toggleFolder] = useStoredSet('mnemo.folders.collapsed')
  useDeckPolling(polling, started, LIST_PROPS)

  const home: HomeData = {
    decks: new Map(decks.map((deck) => [deck.id, deck])),
    children: childrenOf(decks),
    folders,
    folderColors,
    polling: new Map(polling.map((entry) => [entry.id, entry])),
    expanded,
    toggle,
    showDialog: setDialog,
    closeDialog: () => setDialog(null),
  }
  const roots = home.children.get(null) ?? []
  const inFolder = (folderId: number) => roots.filter((deck) => deck.folderId === folderId)
  const looseDecks = roots.filter((deck) => !folders.some((folder) => folder.id === deck.folderId))

  const createDeck = () =>
    alert({
      title: t('decks.create.title'),
      input: { label: t('decks.deck.name'), maxLength: 255 },
      submitLabel: t('decks.actions.create'),
      onSubmit: (name) => name.trim() && router.post(urlFor('decks.store'), { deck: { name: name.trim() } }, { preserveScroll: true, preserveState: true }),
    })
  const createFolder = () => setDialog(<FolderDialog colors={folderColors} onClose={() => setDialog(null)} />)
  const importCards = () => setDialog(<ImportDialog folders={folders} reload={LIST_PROPS} onClose={() => setDialog(null)} />)
  const title = user?.name ? t('home.title', { name: user.name }) : t('home.title_guest')

  return (
    <HomeProvider value={home}>
      <div className="stack decks-home">
        <Head title={t('nav.home')} />
        <div className="decks-header">
          <h1>{title}</h1>
          <div className="row">
            <button type="button" className="button" onClick={createFolder}>
              {t('decks.folder.create')}
            </button>
            <button type="button" className="button" onClick={importCards}>
              {t('imports.button')}
            </button>
            <button type="button" className="button primary" onClick={createDeck}>
              {t('decks.create.button')}
            </button>
          </div>
        </div>
        {user?.isGuest && (
          <div className="card row">
            <p className="muted" style={{ flex: 1, margin: 0 }}>
              {t('home.guest_notice')}
            </p>
            <Link route="auth.sign_up" className="button primary">
              {t('home.guest_cta')}
            </Link>
          </div>
        )}

        {decks.length === 0 && folders.length === 0 ? (
          <div className="card empty-state">
            <span className="empty-emoji" aria-hidden="true">🗂️</span>
            <h2>{t('decks.empty.title')}</h2>
            <p className="muted">{t('decks.empty.body')}</p>
            <button type="button" className="button primary large" onClick={createDeck}>
              {t('decks.empty.cta')}
            </button>
          </div>
        ) : (
          <>
            {folders.map((folder) => (
              <FolderSection
                key={folder.id}
                folder={folder}
                decks={inFolder(folder.id)}
                collapsed={collapsedFolders.has(folder.id)}
                onToggle={() => toggleFolder(folder.id)}
              />
            ))}
            {looseDecks.length > 0 && (
              <section className="loose-decks" aria-label={t('decks.list.decks')}>
                <DeckTree decks={looseDecks} />
              </section>
            )}
          </>
        )}

        <div className="row">
          <Link route="decks.archived" className="archive-entry">
            <span aria-hidden="true">🗄️</span>
            <span>{t('decks.archive.entry')}</span>
            <span className="badge">{numberOfArchivedDecks}</span>
          </Link>
          <Link route="exports.index" className="archive-entry">
            <span aria-hidden="true">📦</span>
            <span>{t('exports.list.entry')}</span>
          </Link>
        </div>
        {dialog}
      </div>
    </HomeProvider>
  )
}
