import { useEffect, useRef, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { FormError } from '~/components/form_error'
import { Tooltip } from '~/components/tooltip'
import { CardPreview } from '~/components/editor/card_preview'
import { useNotePreview, type PreviewRequest } from '~/components/editor/use_note_preview'
import { useLeaveGuard } from '~/components/editor/use_leave_guard'
import { isMod, useShortcut } from '~/components/editor/shortcuts'
import {
  NoteFields, mediaUploader, useConfirmDiscard, useFieldErrors, useNoteDraft, type EditedNote, type EditorDeck, type FieldErrors, type NoteTypeOption,
} from '~/components/editor/note_form'
import { urlFor } from '~/lib/routes'
import '~/css/editor.css'

export type { Mask, NoteKind, NotePayload, NoteTypeOption } from '~/components/editor/note_form'

export type EditorProps = {
  deck: EditorDeck
  noteTypes: NoteTypeOption[]
  note: null | EditedNote
  defaultNoteTypeId: number
}

const FIELD_ID = 'note-field'

export default function NoteEditor({ deck, noteTypes, note, defaultNoteTypeId }: EditorProps) {
  const t = useT()
  const shortcut = useShortcut()
  const { errors } = useShared() as { errors?: Record<string, string | string[]> }

  const draft = useNoteDraft(noteTypes, note, defaultNoteTypeId)
  const { type, payload, dirty } = draft
  const fieldErrors = useFieldErrors(errors as FieldErrors | undefined)
  const [saving, setSaving] = useState(false)
  /* the preview says what is missing quietly until the learner tries to save */
  const [attempted, setAttempted] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)

  const previewRequest: PreviewRequest | null = draft.hasContent ? { deck_id: deck.id, ...payload } : null
  const preview = useNotePreview(previewRequest)

  const confirmLeave = useConfirmDiscard()
  const allow = useLeaveGuard(dirty, confirmLeave)

  const uploadMedia = mediaUploader(deck.id)

  const save = () => {
    if (saving) return
    const done = allow()
    setSaving(true)
    setAttempted(true)
    const options = {
      preserveScroll: true,
      onFinish: () => {
        setSaving(false)
        done()
      },
    }
    if (note) {
      router.put(urlFor('notes.update', { id: note.id }), payload, options)
    } else {
      router.post(urlFor('notes.store', { deckId: deck.id }), payload, {
        ...options,
        /* Anki's Add dialog: empty fields, same note type, ready for the next one */
        onSuccess: () => {
          draft.clear()
          setAttempted(false)
          setFocusRequest((count) => count + 1)
        },
      })
    }
  }
  const saveRef = useRef(save)
  saveRef.current = save

  /* Mod+Enter saves from anywhere on the page (before the editor turns it into a line break) */
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !isMod(event) || event.shiftKey || event.altKey) return
      if (document.querySelector('[role="alertdialog"]')) return
      event.preventDefault()
      event.stopPropagation()
      saveRef.current()
    }
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [])

  useEffect(() => {
    if (!focusRequest) return
    const frame = requestAnimationFrame(() => document.getElementById(`${FIELD_ID}-0`)?.focus())
    return () => cancelAnimationFrame(frame)
  }, [focusRequest])

  const close = () => {
    const leave = () => {
      allow()
      router.visit(urlFor('decks.show', { id: deck.id }))
    }
    if (dirty) confirmLeave(leave)
    else leave()
  }

  /* validation errors next to their field, gone once the field changes; anything else at the top */
  const otherErrors = fieldErrors.others()
  const typeError = fieldErrors.error('template_id')
  const title = note ? t('editor.title_edit') : t('editor.title_add')

  return (
    <div className="note-editor">
      <Head title={t('editor.page_title', { title, deck: deck.name })} />
      <header className="note-editor-head">
        <h1>{title}</h1>
        <p className="muted">{t('editor.deck', { deck: deck.name })}</p>
      </header>

      <div className="note-editor-grid">
        <form
          className="card note-editor-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            save()
          }}
        >
          <FormError />
          {otherErrors.length > 0 && (
            <div className="form-error" role="alert">
              {otherErrors.map(([key, message]) => (
                <div key={key}>{message}</div>
              ))}
            </div>
          )}

          <label className="field">
            <span>{t('editor.note_type')}</span>
            <select
              name="template_id"
              value={type.id}
              aria-invalid={typeError ? true : undefined}
              onChange={(event) => {
                fieldErrors.changed('template_id')
                /* another kind of note: nothing tried with it yet */
                setAttempted(false)
                draft.setTypeId(Number(event.target.value))
              }}
            >
              {noteTypes.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            {typeError && (
              <small className="field-error" role="alert">
                {typeError}
              </small>
            )}
          </label>

          <NoteFields draft={draft} errors={fieldErrors} upload={uploadMedia} imagesAllowed={deck.imagesAllowed} idPrefix={FIELD_ID} />

          <div className="note-editor-actions">
            <Tooltip label={note ? t('editor.save') : t('editor.add')} shortcut={shortcut('Mod+Enter')}>
              <button type="submit" className="button primary" aria-disabled={saving || undefined}>
                {saving ? t('editor.saving') : note ? t('editor.save') : t('editor.add')}
              </button>
            </Tooltip>
            <button type="button" className="button ghost" onClick={close}>
              {t('editor.close.button')}
            </button>
          </div>
        </form>

        <section className="card note-preview" aria-labelledby="note-preview-title" aria-busy={preview.loading}>
          <div className="note-preview-head">
            <h2 id="note-preview-title">{t('editor.preview.title')}</h2>
            {preview.loading && preview.result && <small className="muted">{t('editor.preview.loading')}</small>}
          </div>
          {!previewRequest ? (
            <p className="muted">{t('editor.preview.empty')}</p>
          ) : preview.error !== null ? (
            /* what the note still lacks: no red before the learner has tried to save */
            <p className={attempted ? 'form-error' : 'muted'} role="status" data-testid="preview-problem">
              {preview.error || t('editor.preview.failed')}
            </p>
          ) : preview.result && preview.result.cards.length === 0 ? (
            <p className="muted">{t('editor.preview.no_cards')}</p>
          ) : preview.result ? (
            <CardPreview cards={preview.result.cards} css={preview.result.css} />
          ) : (
            <p className="muted">{t('editor.preview.loading')}</p>
          )}
        </section>
      </div>
    </div>
  )
}
