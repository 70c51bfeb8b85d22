/*
 * The deck list page's parts: its header and buttons, the guest's notice, the list itself, and the ways to the
 * archive and the exports.
 */
import { Link } from '@adonisjs/inertia/react'
import { Archive, Layers, Package } from 'lucide-react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { DeckTree } from '~/components/decks/deck_tree'
import { FolderSection } from '~/components/decks/folder_section'
import type { Data } from '~generated/data'

type Folder = Data.Folder
type ListedDeck = Data.Deck.Variants['forList']

export function HomeHeader({
  onFolder,
  onImport,
  onDeck,
}: {
  onFolder: () => void
  onImport: () => void
  onDeck: () => void
}) {
  const { user } = useShared()
  const t = useT()
  const title = user?.name ? t('home.title', { name: user.name }) : t('home.title_guest')
  return (
    <div className="decks-header">
      <h1>{title}</h1>
      <div className="row">
        <button type="button" className="button" onClick={onFolder}>
          {t('decks.folder.create')}
        </button>
        <button type="button" className="button" onClick={onImport}>
          {t('imports.button')}
        </button>
        <Link route="ai.generate" className="button">
          {t('ai.button')}
        </Link>
        <button type="button" className="button primary" onClick={onDeck}>
          {t('decks.create.button')}
        </button>
      </div>
    </div>
  )
}

/** A guest's decks live on this device only until they sign up. */
export function GuestNotice() {
  const t = useT()
  return (
    <div className="card row">
      <p className="muted" style={{ flex: 1, margin: 0 }}>
        {t('home.guest_notice')}
      </p>
      <Link route="auth.sign_up" className="button primary">
        {t('home.guest_cta')}
      </Link>
    </div>
  )
}

/**
 * The folders with their main decks, then the main decks outside any folder; or, with neither, the way to a
 * first deck.
 */
export function DeckList({
  empty,
  roots,
  folders,
  collapsed,
  onToggleFolder,
  onCreateDeck,
}: {
  /** no deck and no folder at all */
  empty: boolean
  /** the main decks, in their order */
  roots: ListedDeck[]
  folders: Folder[]
  collapsed: Set<number>
  onToggleFolder: (id: number) => void
  onCreateDeck: () => void
}) {
  const t = useT()
  if (empty) {
    return (
      <div className="card empty-state">
        <span className="empty-emoji" aria-hidden="true">
          <Layers size="1em" />
        </span>
        <h2>{t('decks.empty.title')}</h2>
        <p className="muted">{t('decks.empty.body')}</p>
        <button type="button" className="button primary large" onClick={onCreateDeck}>
          {t('decks.empty.cta')}
        </button>
      </div>
    )
  }
  const looseDecks = roots.filter((deck) => !folders.some((folder) => folder.id === deck.folderId))
  return (
    <>
      {folders.map((folder) => (
        <FolderSection
          key={folder.id}
          folder={folder}
          decks={roots.filter((deck) => deck.folderId === folder.id)}
          collapsed={collapsed.has(folder.id)}
          onToggle={() => onToggleFolder(folder.id)}
        />
      ))}
      {looseDecks.length > 0 && (
        <section className="loose-decks" aria-label={t('decks.list.decks')}>
          <DeckTree decks={looseDecks} />
        </section>
      )}
    </>
  )
}

export function ArchiveLinks({ archived }: { archived: number }) {
  const t = useT()
  return (
    <div className="row">
      <Link route="decks.archived" className="archive-entry">
        <Archive size="1.1em" aria-hidden="true" />
        <span>{t('decks.archive.entry')}</span>
        <span className="badge">{archived}</span>
      </Link>
      <Link route="exports.index" className="archive-entry">
        <Package size="1.1em" aria-hidden="true" />
        <span>{t('exports.list.entry')}</span>
      </Link>
    </div>
  )
}
