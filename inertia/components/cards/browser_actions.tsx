import { useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useAlert } from '~/components/ui/alert_dialog'
import { Dialog } from '~/components/ui/dialog'
import { MoveNotesDialog } from '~/components/decks/bulk_actions'
import type { BrowserRow } from '~/components/cards/browser_table'
import { FlagSelect } from '~/components/cards/card_flag'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

type Destinations = Data.Deck.Variants['forPicker'][]

type Action =
  'freeze' | 'unfreeze' | 'suspend' | 'unsuspend' | 'reset_progress' | 'tag' | 'move' | 'flag'

function TagDialog({
  count,
  onClose,
  onTag,
}: {
  count: number
  onClose: () => void
  onTag: (tag: string) => void
}) {
  const t = useT()
  const [tag, setTag] = useState('')
  const value = tag.trim()
  return (
    <Dialog
      title={t('browser.tag_title', { count })}
      submitLabel={t('browser.actions.tag')}
      disabled={!value || /[\s"]/.test(value)}
      onSubmit={() => onTag(value)}
      onClose={onClose}
    >
      <label className="field">
        <span>{t('browser.tag_label')}</span>
        <input
          name="tag"
          value={tag}
          maxLength={100}
          onChange={(event) => setTag(event.target.value)}
          autoFocus
        />
      </label>
    </Dialog>
  )
}

/**
 * The bulk actions on the notes of the checked cards (a note's cards go
 * together, as on a deck page), and the flag on the cards themselves:
 * POST /cards/bulk, then the same search again.
 */
export function BrowserActions({
  selected,
  destinations,
  onDone,
}: {
  selected: BrowserRow[]
  destinations?: Destinations
  onDone: () => void
}) {
  const t = useT()
  const alert = useAlert()
  const [dialog, setDialog] = useState<'tag' | 'move' | null>(null)
  const noteIds = [...new Set(selected.map((card) => card.noteId))]
  const count = noteIds.length
  const run = (
    action: Action,
    extra: { destination_deck_id?: number; tag?: string; flag?: number; card_ids?: number[] } = {}
  ) =>
    router.post(
      urlFor('cards.bulk'),
      { bulk_action: action, note_ids: noteIds, ...extra },
      { preserveScroll: true, preserveState: true, onSuccess: onDone }
    )
  const button = (action: Action, label: string, onClick = () => run(action)) => (
    <button type="button" className="button small" data-action={action} onClick={onClick}>
      {label}
    </button>
  )
  return (
    <div
      className="bulk-actions browser-actions"
      role="toolbar"
      aria-label={t('browser.selected', { count })}
    >
      <span className="muted">{t('browser.selected', { count })}</span>
      {selected.some((card) => !card.isFrozen) && button('freeze', t('browser.actions.freeze'))}
      {selected.some((card) => card.isFrozen) && button('unfreeze', t('browser.actions.unfreeze'))}
      {selected.some((card) => !card.isSuspended) &&
        button('suspend', t('browser.actions.suspend'))}
      {selected.some((card) => card.isSuspended) &&
        button('unsuspend', t('browser.actions.unsuspend'))}
      {/* a flag is the checked cards' own (as in Anki), not their notes' */}
      <FlagSelect
        value=""
        label={t('browser.flag_label')}
        placeholder={t('cards.flags.label')}
        noneLabel={t('browser.flag_clear')}
        onChange={(flag) => run('flag', { flag, card_ids: selected.map((card) => card.id) })}
      />
      {button('tag', t('browser.actions.tag'), () => setDialog('tag'))}
      {button('move', t('browser.actions.move'), () => setDialog('move'))}
      {button('reset_progress', t('browser.actions.reset'), () =>
        alert({
          title: t('browser.actions.reset'),
          body: t('decks.confirm.bulk_reset', { count }),
          submitLabel: t('decks.actions.reset'),
          danger: true,
          onSubmit: () => run('reset_progress'),
        })
      )}
      <button type="button" className="button ghost small" onClick={onDone}>
        {t('browser.clear')}
      </button>
      {dialog === 'tag' && (
        <TagDialog
          count={count}
          onClose={() => setDialog(null)}
          onTag={(tag) => {
            setDialog(null)
            run('tag', { tag })
          }}
        />
      )}
      {dialog === 'move' && (
        <MoveNotesDialog
          deck={null}
          count={count}
          destinations={destinations}
          onClose={() => setDialog(null)}
          onMove={(destination) => {
            setDialog(null)
            const move = () => run('move', { destination_deck_id: destination.id })
            /* another algorithm preset resets the cards' progress, so ask first */
            if (selected.every((card) => card.rootPreset === destination.algorithmPreset))
              return move()
            alert({
              title: t('browser.actions.move'),
              body: t('decks.confirm.move_reset', { count, destination: destination.name }),
              submitLabel: t('decks.actions.move'),
              danger: true,
              onSubmit: move,
            })
          }}
        />
      )}
    </div>
  )
}
