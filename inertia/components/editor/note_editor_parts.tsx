/* The notes editor page's parts around the fields: the note type, the buttons, and the preview of the cards. */
import { useEffect } from 'react'
import { useT } from '~/lib/i18n'
import { isPlainKey, isTyping } from '~/lib/keys'
import { useShared } from '~/lib/shared'
import { Tooltip } from '~/components/ui/tooltip'
import { CardPreview } from './card_preview'
import { useShortcut } from './shortcuts'
import type { PreviewState } from './use_note_preview'
import {
  stockLabels,
  type FieldErrorState,
  type NoteDraft,
  type NoteTypeOption,
} from './note_draft'

/** The note type; another one starts afresh (`onSwitch`), its error gone. */
export function NoteTypeSelect({
  noteTypes,
  draft,
  errors,
  onSwitch,
}: {
  noteTypes: NoteTypeOption[]
  draft: NoteDraft
  errors: FieldErrorState
  onSwitch: () => void
}) {
  const t = useT()
  const { typeName } = stockLabels(t)
  const { user } = useShared()
  const typeError = errors.error('template_id')
  /* image occlusion is premium: a free learner sees it marked, and is offered the paywall when refused */
  const locked = (option: NoteTypeOption) => option.kind === 'image_occlusion' && !user?.isPremium
  const occlusion = noteTypes.find((option) => option.kind === 'image_occlusion')
  const switchTo = (id: number) => {
    errors.changed('template_id')
    onSwitch()
    draft.setTypeId(id)
  }
  /* I (spec: "image occlusion I"), outside the fields: the image occlusion type */
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'i' ||
        !isPlainKey(event) ||
        isTyping(event.target) ||
        !occlusion ||
        draft.type.id === occlusion.id
      )
        return
      event.preventDefault()
      switchTo(occlusion.id)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })
  return (
    <label className="field">
      <span>{t('editor.note_type')}</span>
      <select
        name="template_id"
        value={draft.type.id}
        aria-invalid={typeError ? true : undefined}
        aria-keyshortcuts="I"
        onChange={(event) => switchTo(Number(event.target.value))}
      >
        {noteTypes.map((option) => (
          <option key={option.id} value={option.id} data-premium={locked(option) || undefined}>
            {locked(option)
              ? `${typeName(option)} (${t('limits.paywall.premium_badge')})`
              : typeName(option)}
          </option>
        ))}
      </select>
      {typeError && (
        <small className="field-error" role="alert">
          {typeError}
        </small>
      )}
      {locked(draft.type) && (
        <a href="/paywall?reason=upgrade" className="button small" data-paywall-link>
          {t('limits.paywall.open')}
        </a>
      )}
    </label>
  )
}

/** Errors about the note as a whole (the card limit…), at the top of the form. */
export function NoteErrors({ errors }: { errors: FieldErrorState }) {
  const others = errors.others()
  if (others.length === 0) return null
  return (
    <div className="form-error" role="alert">
      {others.map(([key, message]) => (
        <div key={key}>{message}</div>
      ))}
    </div>
  )
}

export function EditorActions({
  adding,
  saving,
  onClose,
}: {
  adding: boolean
  saving: boolean
  onClose: () => void
}) {
  const t = useT()
  const shortcut = useShortcut()
  return (
    <div className="note-editor-actions">
      <Tooltip label={adding ? t('editor.add') : t('editor.save')} shortcut={shortcut('Mod+Enter')}>
        <button type="submit" className="button primary" aria-disabled={saving || undefined}>
          {saving ? t('editor.saving') : adding ? t('editor.add') : t('editor.save')}
        </button>
      </Tooltip>
      <button type="button" className="button ghost" onClick={onClose}>
        {t('editor.close.button')}
      </button>
    </div>
  )
}

/** The last new card never reached the server: its fields are still filled in, one press sends it again. */
export function UnsavedNotice({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  return (
    <div className="form-error note-unsaved" role="alert" data-testid="note-unsaved">
      <strong>{t('editor.unsaved.title')}</strong> <span>{t('editor.unsaved.body')}</span>{' '}
      <button type="button" className="button small" onClick={onRetry}>
        {t('editor.unsaved.retry')}
      </button>
    </div>
  )
}

/** The cards the note makes, as the server renders them; what it still lacks, in red only once a save was tried. */
export function NotePreviewPanel({
  asked,
  preview,
  attempted,
}: {
  asked: boolean
  preview: PreviewState
  attempted: boolean
}) {
  const t = useT()
  const { result } = preview
  return (
    <section
      className="card note-preview"
      aria-labelledby="note-preview-title"
      aria-busy={preview.loading}
    >
      <div className="note-preview-head">
        <h2 id="note-preview-title">{t('editor.preview.title')}</h2>
        {preview.loading && result && (
          <small className="muted">{t('editor.preview.loading')}</small>
        )}
      </div>
      {!asked ? (
        <p className="muted">{t('editor.preview.empty')}</p>
      ) : preview.error !== null ? (
        /* what the note still lacks: no red before the learner has tried to save */
        <p
          className={attempted ? 'form-error' : 'muted'}
          role="status"
          data-testid="preview-problem"
        >
          {preview.error || t('editor.preview.failed')}
        </p>
      ) : result && result.cards.length === 0 ? (
        <p className="muted">{t('editor.preview.no_cards')}</p>
      ) : result ? (
        <CardPreview cards={result.cards} css={result.css} />
      ) : (
        <p className="muted">{t('editor.preview.loading')}</p>
      )}
    </section>
  )
}
