import { useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { Dialog } from '~/components/ui/dialog'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

type Folder = Data.Folder

const EMOJI_SUGGESTIONS = ['📚', '🧠', '🌍', '🧪', '💊', '💡', '🎵', '🗣️', '📐', '⭐']

function useColorLabels() {
  const t = useT()
  const labels: Record<Folder['color'], string> = {
    grey: t('decks.colors.grey'),
    red: t('decks.colors.red'),
    orange: t('decks.colors.orange'),
    yellow: t('decks.colors.yellow'),
    green: t('decks.colors.green'),
    teal: t('decks.colors.teal'),
    blue: t('decks.colors.blue'),
    violet: t('decks.colors.violet'),
    pink: t('decks.colors.pink'),
  }
  return labels
}

/** Create or edit a folder: name, a color of the palette, an optional emoji (sent as null when empty). */
export function FolderDialog({
  folder,
  colors,
  onClose,
}: {
  folder?: Folder
  colors: Folder['color'][]
  onClose: () => void
}) {
  const t = useT()
  const labels = useColorLabels()
  const { errors } = useShared()
  const [name, setName] = useState(folder?.name ?? '')
  const [color, setColor] = useState<Folder['color']>(folder?.color ?? 'blue')
  const [emoji, setEmoji] = useState(folder?.emojiUtf16 ?? '')

  const submit = () => {
    const data = { name: name.trim(), color, emoji_utf_16: emoji.trim() || null }
    const options = { preserveScroll: true, preserveState: true, onSuccess: onClose }
    if (folder) router.put(urlFor('folders.update', { id: folder.id }), data, options)
    else router.post(urlFor('folders.store'), data, options)
  }

  return (
    <Dialog
      title={folder ? t('decks.folder.edit') : t('decks.folder.create')}
      submitLabel={folder ? t('decks.actions.save') : t('decks.actions.create')}
      disabled={!name.trim()}
      onSubmit={submit}
      onClose={onClose}
    >
      <label className="field">
        <span>{t('decks.folder.name')}</span>
        <input
          name="folder-name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
        {errors.name && <small className="field-error">{errors.name}</small>}
      </label>
      <fieldset className="color-picker">
        <legend>{t('decks.folder.color')}</legend>
        {colors.map((option) => (
          <label key={option} className={`color-swatch folder-${option}`} title={labels[option]}>
            <input
              type="radio"
              name="folder-color"
              value={option}
              checked={color === option}
              onChange={() => setColor(option)}
            />
            <span className="visually-hidden">{labels[option]}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{t('decks.folder.emoji')}</span>
        <input
          name="folder-emoji"
          value={emoji}
          maxLength={16}
          placeholder={t('decks.folder.emoji_none')}
          onChange={(event) => setEmoji(event.target.value)}
        />
      </label>
      <div
        className="emoji-suggestions"
        role="group"
        aria-label={t('decks.folder.emoji_suggestions')}
      >
        {EMOJI_SUGGESTIONS.map((option) => (
          <button
            key={option}
            type="button"
            className="icon-button"
            aria-pressed={emoji === option}
            onClick={() => setEmoji(emoji === option ? '' : option)}
          >
            {option}
          </button>
        ))}
      </div>
    </Dialog>
  )
}
