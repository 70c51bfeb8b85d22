import { router } from '@inertiajs/react'
import { ChevronRight, Folder as FolderIcon } from 'lucide-react'
import { useT } from '~/lib/i18n'
import { useAlert } from '~/components/ui/alert_dialog'
import { Menu, MenuItem, MenuSeparator } from '~/components/ui/menu'
import { FolderDialog } from '~/components/decks/folder_dialog'
import { DeckTree } from '~/components/decks/deck_tree'
import { swapped, useHome } from '~/components/decks/home_context'
import { urlFor } from '~/lib/routes'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type Folder = Data.Folder
type ListedDeck = Data.Deck.Variants['forList']

const keep = { preserveScroll: true, preserveState: true }

/** A folder and its main decks, collapsible; `collapsed` is remembered by the page. */
export function FolderSection({
  folder,
  decks,
  collapsed,
  onToggle,
}: {
  folder: Folder
  decks: ListedDeck[]
  collapsed: boolean
  onToggle: () => void
}) {
  const t = useT()
  const alert = useAlert()
  const home = useHome()
  const ids = home.folders.map((item) => item.id)
  const reorder = (step: -1 | 1) => {
    const order = swapped(ids, ids, folder.id, step)
    if (order) router.post(urlFor('folders.reorder'), { folder_ids: order }, keep)
  }
  const newDeck = () =>
    alert({
      title: t('decks.create.title'),
      body: t('decks.create.in_folder', { folder: folder.name }),
      input: { label: t('decks.deck.name'), maxLength: 255 },
      submitLabel: t('decks.actions.create'),
      onSubmit: (name) =>
        name.trim() &&
        router.post(
          urlFor('decks.store'),
          { deck: { name: name.trim(), folder_id: folder.id } },
          keep
        ),
    })
  const remove = () =>
    alert({
      title: t('decks.folder.delete'),
      body: t('decks.confirm.delete_folder', { name: folder.name }),
      submitLabel: t('decks.actions.delete'),
      danger: true,
      onSubmit: () => router.delete(urlFor('folders.destroy', { id: folder.id }), keep),
    })
  const headingId = `folder-${folder.id}`

  return (
    <section
      className={`folder folder-${folder.color}`}
      aria-labelledby={headingId}
      data-folder-id={folder.id}
    >
      <div className="folder-header">
        <h2 id={headingId} className="folder-heading">
          <button
            type="button"
            className="folder-toggle"
            aria-expanded={!collapsed}
            onClick={onToggle}
          >
            <ChevronRight
              className={`chevron${collapsed ? '' : ' open'}`}
              size="1em"
              aria-hidden="true"
            />
            <span className="folder-emoji" aria-hidden="true">
              {folder.emojiUtf16 || <FolderIcon size="1em" />}
            </span>
            <span className="folder-name">{folder.name}</span>
            <span className="muted folder-count">
              {t('decks.folder.deck_count', { count: folder.decks.length })}
            </span>
          </button>
        </h2>
        <Menu label={t('decks.folder.menu', { name: folder.name })}>
          {() => (
            <>
              <MenuItem onSelect={newDeck}>{t('decks.folder.new_deck')}</MenuItem>
              <MenuItem
                onSelect={() =>
                  home.showDialog(
                    <FolderDialog
                      folder={folder}
                      colors={home.folderColors}
                      onClose={home.closeDialog}
                    />
                  )
                }
              >
                {t('decks.folder.edit')}
              </MenuItem>
              <MenuItem onSelect={() => reorder(-1)} disabled={ids[0] === folder.id}>
                {t('decks.menu.move_up')}
              </MenuItem>
              <MenuItem onSelect={() => reorder(1)} disabled={ids.at(-1) === folder.id}>
                {t('decks.menu.move_down')}
              </MenuItem>
              <MenuSeparator />
              <MenuItem onSelect={remove} danger>
                {t('decks.folder.delete')}
              </MenuItem>
            </>
          )}
        </Menu>
      </div>
      {!collapsed &&
        (decks.length ? (
          <DeckTree decks={decks} />
        ) : (
          <p className="muted folder-empty">{t('decks.folder.empty')}</p>
        ))}
    </section>
  )
}
