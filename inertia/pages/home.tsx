import { useState, type ReactNode } from 'react'
import { Head, router } from '@inertiajs/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { useAlert } from '~/components/ui/alert_dialog'
import { FolderDialog } from '~/components/decks/folder_dialog'
import { ImportDialog } from '~/components/imports/import_dialog'
import { ArchiveLinks, DeckList, GuestNotice, HomeHeader } from '~/components/decks/home_parts'
import {
  HomeProvider,
  childrenOf,
  useStoredSet,
  type HomeData,
} from '~/components/decks/home_context'
import { useDeckPolling } from '~/components/decks/use_deck_polling'
import { UnavailableDecks } from '~/components/participants/unavailable_decks'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type Folder = Data.Folder
type ListedDeck = Data.Deck.Variants['forList']
type PollingEntry = Data.DeckJob
type StartedJob = Data.StartedJob
type UnavailableDeck = Data.UnavailableDeck

type Props = {
  decks: ListedDeck[]
  folders: Folder[]
  numberOfArchivedDecks: number
  polling: PollingEntry[]
  started: StartedJob[]
  folderColors: Folder['color'][]
  unavailableDecks: UnavailableDeck[]
}

const LIST_PROPS = ['decks', 'folders', 'numberOfArchivedDecks', 'polling', 'unavailableDecks']

/** The deck list: folders, then the main decks outside any folder, then the way to the archive. */
export default function Home({
  decks,
  folders,
  numberOfArchivedDecks,
  polling,
  started,
  folderColors,
  unavailableDecks,
}: Props) {
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
  const createDeck = () =>
    alert({
      title: t('decks.create.title'),
      input: { label: t('decks.deck.name'), maxLength: 255 },
      submitLabel: t('decks.actions.create'),
      onSubmit: (name) =>
        name.trim() &&
        router.post(
          urlFor('decks.store'),
          { deck: { name: name.trim() } },
          { preserveScroll: true, preserveState: true }
        ),
    })
  const createFolder = () =>
    setDialog(<FolderDialog colors={folderColors} onClose={() => setDialog(null)} />)
  const importCards = () =>
    setDialog(
      <ImportDialog folders={folders} reload={LIST_PROPS} onClose={() => setDialog(null)} />
    )

  return (
    <HomeProvider value={home}>
      <div className="stack decks-home">
        <Head title={t('nav.home')} />
        <HomeHeader onFolder={createFolder} onImport={importCards} onDeck={createDeck} />
        {user?.isGuest && <GuestNotice />}
        <UnavailableDecks decks={unavailableDecks ?? []} reload={LIST_PROPS} />
        <DeckList
          empty={decks.length === 0 && folders.length === 0}
          roots={home.children.get(null) ?? []}
          folders={folders}
          collapsed={collapsedFolders}
          onToggleFolder={toggleFolder}
          onCreateDeck={createDeck}
        />
        <ArchiveLinks archived={numberOfArchivedDecks} />
        {dialog}
      </div>
    </HomeProvider>
  )
}
