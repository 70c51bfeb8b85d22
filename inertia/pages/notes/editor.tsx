import { useEffect, useRef, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { requestJson } from '~/lib/http'
import { useAlert } from '~/components/alert_dialog'
import { FormError } from '~/components/form_error'
import { Tooltip } from '~/components/tooltip'
import { RichField } from '~/components/editor/rich_field'
import { ImagePicker } from '~/components/editor/image_picker'
import { OcclusionBuilder, type Mask, type Occlusion } from '~/components/editor/occlusion_builder'
import { CardPreview } from '~/components/editor/card_preview'
import { useNotePreview, type PreviewRequest } from '~/components/editor/use_note_preview'
import { useLeaveGuard } from '~/components/editor/use_leave_guard'
import { isMod, useShortcut } from '~/components/editor/shortcuts'
import '~/css/editor.css'

export type { Mask }
export type NoteKind = 'basic' | 'reversed' | 'cloze' | 'image_occlusion' | 'type_in' | 'custom'

/* type aliases, not interfaces: Inertia's render() wants props assignable to JSON records */
export type NoteTypeOption = {
  id: number
  kind: NoteKind
  name: string
  fields: { name: string; required: boolean }[]
  reversible: boolean
}

export type EditorProps = {
  deck: { id: number; name: string; imagesAllowed: boolean }
  noteTypes: NoteTypeOption[]
  note: null | {
    id: number
    noteTypeId: number
    fields: Record<string, string>
    fieldAttachmentsMap: Record<string, { masks: Mask[]; hideAll: boolean }>
    isReversed: boolean
  }
  defaultNoteTypeId: number
}

/** What the create and update routes take (and the preview, with deck_id). */
export type NotePayload = {
  template_id: number
  fields: Record<string, string>
  field_attachments_map: Record<string, Occlusion>
  reverse: boolean
}

const fieldId = (index: number) => `note-field-${index}`
const EMPTY_OCCLUSION: Occlusion = { masks: [], hideAll: true }

/** The image occlusion type's picture field: "Image", else its first field. */
const imageFieldOf = (type: NoteTypeOption) => type.fields.find((field) => field.name.toLowerCase() === 'image') ?? type.fields[0]

/** `<img src="…">` ⇄ the URL, for the occlusion image field. */
function imageUrlIn(html: string) {
  const src = html.match(/<img[^>]*\ssrc="([^"]*)"/i)?.[1]
  return src ? src.replaceAll('&amp;', '&').replaceAll('&quot;', '"') : null
}
const imageHtml = (url: string) => `<img src="${url.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`

const hasText = (html: string | undefined) => Boolean(html && html.replace(/<(?!img|audio)[^>]*>|&nbsp;|\s/gi, ''))

export default function NoteEditor({ deck, noteTypes, note, defaultNoteTypeId }: EditorProps) {
  const t = useT()
  const alert = useAlert()
  const shortcut = useShortcut()
  const { errors } = useShared() as { errors?: Record<string, string | string[]> }

  const [typeId, setTypeId] = useState(note?.noteTypeId ?? defaultNoteTypeId)
  const type = noteTypes.find((option) => option.id === typeId) ?? noteTypes[0]
  /* every field ever filled in, by name: switching the type back and forth loses nothing */
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...note?.fields }))
  const [attachments, setAttachments] = useState<Record<string, Occlusion>>(() => ({ ...note?.fieldAttachmentsMap }))
  const [reverse, setReverse] = useState(note?.isReversed ?? false)
  const [saving, setSaving] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)

  const occlusion = type.kind === 'image_occlusion'
  const imageField = occlusion ? imageFieldOf(type) : null
  const imageUrl = imageField ? imageUrlIn(values[imageField.name] ?? '') : null

  const payload: NotePayload = {
    template_id: type.id,
    fields: Object.fromEntries(type.fields.map((field) => [field.name, values[field.name] ?? ''])),
    field_attachments_map: Object.fromEntries(
      type.fields.flatMap((field) =>
        field === imageField ? [[field.name, attachments[field.name] ?? EMPTY_OCCLUSION]] : attachments[field.name] ? [[field.name, attachments[field.name]]] : []
      )
    ),
    reverse: type.reversible && reverse,
  }

  /* adding: anything typed would be lost; editing: anything changed */
  const [original] = useState(() => JSON.stringify(payload))
  const dirty = note
    ? JSON.stringify(payload) !== original
    : Object.values(payload.fields).some(hasText) || Object.values(payload.field_attachments_map).some((value) => value.masks.length > 0)

  const hasContent = Object.values(payload.fields).some(hasText)
  const previewRequest: PreviewRequest | null = hasContent ? { deck_id: deck.id, ...payload } : null
  const preview = useNotePreview(previewRequest)

  const confirmLeave = (proceed: () => void) =>
    alert({
      title: t('editor.close.title'),
      body: t('editor.close.body'),
      submitLabel: t('editor.close.confirm'),
      cancelLabel: t('editor.close.keep'),
      danger: true,
      onSubmit: proceed,
    })
  const allow = useLeaveGuard(dirty, confirmLeave)

  const uploadMedia = async (file: File) => {
    const form = new FormData()
    form.append('file', file)
    form.append('deck_id', String(deck.id))
    const media = await requestJson<{ id: number; type: string; url: string }>('/media', { method: 'POST', body: form })
    return { url: media.url }
  }

  const save = () => {
    if (saving) return
    const done = allow()
    setSaving(true)
    const options = {
      preserveScroll: true,
      onFinish: () => {
        setSaving(false)
        done()
      },
    }
    if (note) {
      router.put(`/notes/${note.id}`, payload, options)
    } else {
      router.post(`/decks/${deck.id}/notes`, payload, {
        ...options,
        /* Anki's Add dialog: empty fields, same note type, ready for the next one */
        onSuccess: () => {
          setValues({})
          setAttachments({})
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
    const frame = requestAnimationFrame(() => document.getElementById(fieldId(0))?.focus())
    return () => cancelAnimationFrame(frame)
  }, [focusRequest])

  const close = () => {
    const leave = () => {
      allow()
      router.visit(`/decks/${deck.id}`)
    }
    if (dirty) confirmLeave(leave)
    else leave()
  }

  /* validation errors next to their field; anything else at the top */
  const errorFor = (key: string) => {
    const message = errors?.[key]
    return Array.isArray(message) ? message[0] : message
  }
  const shownKeys = new Set(['template_id', 'reverse', ...type.fields.flatMap((field) => [`fields.${field.name}`, `field_attachments_map.${field.name}`])])
  const otherErrors = Object.entries(errors ?? {}).filter(([key]) => !shownKeys.has(key) && !key.startsWith('field_attachments_map.'))
  const fieldError = (name: string) =>
    errorFor(`fields.${name}`) ??
    errorFor(`field_attachments_map.${name}`) ??
    Object.entries(errors ?? {}).find(([key]) => key.startsWith(`field_attachments_map.${name}.`))?.[1]?.toString()

  const imagesDisabledReason = deck.imagesAllowed ? undefined : t('editor.images_disabled')
  const setValue = (name: string) => (html: string) => setValues((current) => ({ ...current, [name]: html }))
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
                <div key={key}>{Array.isArray(message) ? message[0] : message}</div>
              ))}
            </div>
          )}

          <label className="field">
            <span>{t('editor.note_type')}</span>
            <select name="template_id" value={type.id} aria-invalid={errorFor('template_id') ? true : undefined} onChange={(event) => setTypeId(Number(event.target.value))}>
              {noteTypes.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            {errorFor('template_id') && (
              <small className="field-error" role="alert">
                {errorFor('template_id')}
              </small>
            )}
          </label>

          {type.fields.map((field, index) =>
            field === imageField ? (
              <div key={`${type.id}:${field.name}`} className="stack occlusion-field">
                <ImagePicker
                  id={fieldId(index)}
                  label={field.name}
                  required={field.required}
                  imageUrl={imageUrl}
                  onUpload={uploadMedia}
                  onChange={(url) => setValue(field.name)(imageHtml(url))}
                  disabledReason={imagesDisabledReason}
                  error={fieldError(field.name)}
                />
                {imageUrl && (
                  <OcclusionBuilder
                    imageUrl={imageUrl}
                    masks={attachments[field.name]?.masks ?? []}
                    hideAll={attachments[field.name]?.hideAll ?? true}
                    onChange={(next) => setAttachments((current) => ({ ...current, [field.name]: next }))}
                  />
                )}
              </div>
            ) : (
              <RichField
                key={`${index}:${field.name}`}
                id={fieldId(index)}
                label={field.name}
                required={field.required}
                value={values[field.name] ?? ''}
                onChange={setValue(field.name)}
                cloze={type.kind === 'cloze'}
                onUploadImage={uploadMedia}
                onUploadAudio={uploadMedia}
                imagesDisabledReason={imagesDisabledReason}
                autoFocus={index === 0}
                error={fieldError(field.name)}
              />
            )
          )}

          {type.reversible && (
            <label className="checkbox-row">
              <input type="checkbox" name="reverse" checked={reverse} onChange={(event) => setReverse(event.target.checked)} />
              <span>{t('editor.reverse')}</span>
            </label>
          )}
          {errorFor('reverse') && (
            <small className="field-error" role="alert">
              {errorFor('reverse')}
            </small>
          )}

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
            <p className="form-error" role="status">
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
