import { useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useAlert } from '~/components/ui/alert_dialog'
import { useDeckDialogs } from '~/components/decks/deck_dialogs'
import { Menu, MenuItem, MenuSeparator } from '~/components/ui/menu'
import { Dialog } from '~/components/ui/dialog'
import { Picker, deckChoices } from '~/components/decks/deck_picker'
import { AlgorithmSettingsDialog } from '~/components/decks/algorithm_settings'
import { ExportDialog } from '~/components/decks/export_dialog'
import { subtreeOf, swapped, useHome } from '~/components/decks/home_context'
import { urlFor } from '~/lib/routes'
import { useShared } from '~/lib/shared'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forList']

const keep = { preserveScroll: true, preserveState: true }

/** The actions of one deck on the home page: the button, its items made when it opens. */
export function DeckMenu({ deck }: { deck: Deck }) {
  const t = useT()
  return (
    <Menu label={t('decks.menu.label', { name: deck.name })}>
      {() => <DeckMenuItems deck={deck} />}
    </Menu>
  )
}

function DeckMenuItems({ deck }: { deck: Deck }) {
  const t = useT()
  const alert = useAlert()
  const dialogs = useDeckDialogs()
  const home = useHome()
  const { user } = useShared()
  const entry = home.polling.get(deck.id)
  const busy = Boolean(entry && entry.state !== 'processing_failed')

  /* main decks are ordered among all main decks, moved within their folder (or among those outside folders) */
  const siblings = (home.children.get(deck.isRootDeck ? null : deck.parentId) ?? []).map(
    (item) => item.id
  )
  const group = deck.isRootDeck
    ? siblings.filter((id) => home.decks.get(id)?.folderId === deck.folderId)
    : siblings
  const reorder = (step: -1 | 1) => {
    const ids = swapped(siblings, group, deck.id, step)
    if (ids) router.post(urlFor('decks.reorder'), { deck_ids: ids }, keep)
  }

  const rename = () =>
    alert({
      title: t('decks.menu.rename'),
      input: { label: t('decks.deck.name'), initial: deck.name, maxLength: 255 },
      submitLabel: t('decks.actions.save'),
      onSubmit: (name) =>
        name.trim() &&
        router.put(urlFor('decks.update', { id: deck.id }), { deck: { name: name.trim() } }, keep),
    })
  const addSubdeck = () =>
    dialogs.addSubdeck(deck, { ...keep, onSuccess: () => home.toggle(deck.id, true) })
  const resetProgress = () => dialogs.resetProgress(deck, keep)
  const remove = () => dialogs.remove(deck, keep)
  /* a deck someone shares with the learner: they leave it (their progress goes), the owner deletes it */
  const shared = deck.userId !== user?.id
  const leave = () =>
    alert({
      title: t('participant.leave_confirm.title', { deck: deck.name }),
      body: t('participant.leave_confirm.body'),
      submitLabel: t('participant.leave_confirm.submit'),
      onSubmit: () => router.delete(urlFor('decks.leave_shared', { id: deck.id }), keep),
    })
  const report = () =>
    alert({
      title: t('decks.menu.report'),
      body: t('decks.report.body'),
      input: { label: t('decks.report.reason'), maxLength: 2000, counter: true },
      submitLabel: t('decks.report.send'),
      onSubmit: (text) =>
        text.trim() &&
        router.post(urlFor('decks.report', { id: deck.id }), { report_text: text.trim() }, keep),
    })

  return (
    <>
      <MenuItem onSelect={rename} disabled={busy}>
        {t('decks.menu.rename')}
      </MenuItem>
      <MenuItem onSelect={addSubdeck} disabled={busy}>
        {t('decks.menu.add_subdeck')}
      </MenuItem>
      <MenuItem onSelect={() => home.showDialog(<MoveDeckDialog deck={deck} />)} disabled={busy}>
        {t('decks.menu.move')}
      </MenuItem>
      <MenuItem onSelect={() => home.showDialog(<DuplicateDialog deck={deck} />)}>
        {t('decks.menu.duplicate')}
      </MenuItem>
      <MenuItem
        onSelect={() => home.showDialog(<ExportDialog deck={deck} onClose={home.closeDialog} />)}
      >
        {t('exports.menu')}
      </MenuItem>
      <MenuItem
        onSelect={() =>
          home.showDialog(<AlgorithmSettingsDialog deck={deck} onClose={home.closeDialog} />)
        }
      >
        {t('algorithm.menu')}
      </MenuItem>
      <MenuItem onSelect={() => reorder(-1)} disabled={group[0] === deck.id}>
        {t('decks.menu.move_up')}
      </MenuItem>
      <MenuItem onSelect={() => reorder(1)} disabled={group.at(-1) === deck.id}>
        {t('decks.menu.move_down')}
      </MenuItem>
      <MenuSeparator />
      <MenuItem onSelect={resetProgress} disabled={busy}>
        {t('decks.menu.reset_progress')}
      </MenuItem>
      {deck.isRootDeck && (
        <MenuItem
          onSelect={() => router.post(urlFor('decks.archive', { id: deck.id }), {}, keep)}
          disabled={busy}
        >
          {t('decks.menu.archive')}
        </MenuItem>
      )}
      {deck.isAllowedToReport && <MenuItem onSelect={report}>{t('decks.menu.report')}</MenuItem>}
      {shared ? (
        <MenuItem onSelect={leave} danger>
          {t('participant.leave')}
        </MenuItem>
      ) : (
        <MenuItem onSelect={remove} danger>
          {t('decks.menu.delete')}
        </MenuItem>
      )}
    </>
  )
}

/**
 * Into a folder, to the top level, or into another deck of the same algorithm (spec 4: decks of different
 * algorithms are not grouped).
 */
function MoveDeckDialog({ deck }: { deck: Deck }) {
  const t = useT()
  const home = useHome()
  const own = subtreeOf(home.children, deck.id)
  const [value, setValue] = useState(
    deck.parentId ? `deck:${deck.parentId}` : deck.folderId ? `folder:${deck.folderId}` : 'top'
  )

  const places = [
    { value: 'top', label: t('decks.move.top_level') },
    ...home.folders.map((folder) => ({
      value: `folder:${folder.id}`,
      label: folder.emojiUtf16 ? `${folder.emojiUtf16} ${folder.name}` : folder.name,
    })),
  ]
  const parents = deckChoices([...home.decks.values()], (other) => {
    if (own.has(other.id))
      return other.id === deck.id ? t('decks.move.this_deck') : t('decks.move.own_subdeck')
    if (
      other.algorithmPreset !== deck.algorithmPreset ||
      other.algorithmType !== deck.algorithmType
    )
      return t('decks.move.different_algorithm')
    const entry = home.polling.get(other.id)
    return entry && entry.state !== 'processing_failed' ? t('decks.move.busy') : null
  })

  const submit = () => {
    const [kind, id] = value.split(':')
    const data = {
      parent_deck_id: kind === 'deck' ? Number(id) : null,
      folder_id: kind === 'folder' ? Number(id) : null,
    }
    router.post(urlFor('decks.move', { id: deck.id }), data, {
      ...keep,
      onSuccess: () => {
        if (kind === 'deck') home.toggle(Number(id), true)
        home.closeDialog()
      },
    })
  }

  return (
    <Dialog
      title={t('decks.move.title', { name: deck.name })}
      submitLabel={t('decks.actions.move')}
      onSubmit={submit}
      onClose={home.closeDialog}
    >
      <Picker
        name="move-destination"
        legend={t('decks.move.place')}
        choices={places}
        value={value}
        onChange={setValue}
      />
      {parents.length > 0 && (
        <Picker
          name="move-destination"
          legend={t('decks.move.into_deck')}
          choices={parents}
          value={value}
          onChange={setValue}
        />
      )}
    </Dialog>
  )
}

function DuplicateDialog({ deck }: { deck: Deck }) {
  const t = useT()
  const home = useHome()
  const [keepProgress, setKeepProgress] = useState(false)
  const submit = () =>
    router.post(
      urlFor('decks.duplicate', { id: deck.id }),
      { keep_progress: keepProgress },
      { ...keep, onSuccess: home.closeDialog }
    )
  return (
    <Dialog
      title={t('decks.duplicate.title', { name: deck.name })}
      submitLabel={t('decks.actions.duplicate')}
      onSubmit={submit}
      onClose={home.closeDialog}
    >
      <p className="muted">{t('decks.duplicate.body')}</p>
      <label className="checkbox">
        <input
          type="checkbox"
          name="keep_progress"
          checked={keepProgress}
          onChange={(event) => setKeepProgress(event.target.checked)}
        />
        <span>{t('decks.duplicate.keep_progress')}</span>
      </label>
    </Dialog>
  )
}
