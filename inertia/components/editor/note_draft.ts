import { useState } from 'react'
import { uploadWithProgress, type UploadOptions } from '~/lib/http'
import type { Data } from '~generated/data'
import { urlFor } from '~/lib/routes'
import type { Occlusion } from './occlusion_masks'

/*
 * The note being edited, shared by the notes editor page and the study
 * page's edit dialog: its type, fields, masks and reversed flag, the payload
 * the save and preview routes take, and the server's errors on it.
 */

export type { Occlusion }

/** A note type as the editor offers it (the note type transformer's editor shape). */
export type NoteTypeOption = Data.NoteType.Variants['forEditor']

/** A saved note as the editor opens it (the notes editor page and GET /learn/cards/:id/fields send the same). */
export type EditedNote = Data.Note.Variants['forEditor']
/** The deck a note is edited in. */
export type EditorDeck = Data.CardEditor['deck']

/** What the save routes take (and the preview, with deck_id). */
type NotePayload = {
  template_id: number
  fields: Record<string, string>
  field_attachments_map: Record<string, Occlusion>
  reverse: boolean
}

/** Validation errors by key: `fields.Front`, `field_attachments_map.Image.masks`, `template_id`, `reverse`… */
export type FieldErrors = Record<string, string | string[] | undefined>

const EMPTY_OCCLUSION: Occlusion = { masks: [], hideAll: true }

/**
 * A built-in note type's name and fields in the reader's language (labelKey from the server); a learner's own
 * type as named.
 */
export function stockLabels(t: (key: string) => string) {
  return {
    typeName: (type: Pick<NoteTypeOption, 'name' | 'labelKey'>) =>
      type.labelKey ? t(`editor.stock.types.${type.labelKey}`) : type.name,
    fieldLabel: (field: NoteTypeOption['fields'][number]) =>
      field.labelKey ? t(`editor.stock.fields.${field.labelKey}`) : field.name,
  }
}

/** The image occlusion type's picture field: "Image", else its first field. */
const imageFieldOf = (type: NoteTypeOption) =>
  type.fields.find((field) => field.name.toLowerCase() === 'image') ?? type.fields[0]

/** `<img src="…">` ⇄ the URL, for the occlusion image field. */
export function imageUrlIn(html: string) {
  const src = html.match(/<img[^>]*\ssrc="([^"]*)"/i)?.[1]
  return src ? src.replaceAll('&amp;', '&').replaceAll('&quot;', '"') : null
}
export const imageHtml = (url: string) =>
  `<img src="${url.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`

const hasText = (html: string | undefined) =>
  Boolean(html && html.replace(/<(?!img|audio)[^>]*>|&nbsp;|\s/gi, ''))

/** The note as it is being edited, and the payload the save and preview routes take. */
export function useNoteDraft(
  noteTypes: NoteTypeOption[],
  note: EditedNote | null,
  defaultNoteTypeId: number
) {
  const [typeId, setTypeId] = useState(note?.noteTypeId ?? defaultNoteTypeId)
  const type = noteTypes.find((option) => option.id === typeId) ?? noteTypes[0]
  /* every field ever filled in, by name: switching the type back and forth loses nothing */
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...note?.fields }))
  const [attachments, setAttachments] = useState<Record<string, Occlusion>>(() => ({
    ...note?.fieldAttachmentsMap,
  }))
  const [reverse, setReverse] = useState(note?.isReversed ?? false)

  const imageField = type.kind === 'image_occlusion' ? imageFieldOf(type) : null
  const payload: NotePayload = {
    template_id: type.id,
    fields: Object.fromEntries(type.fields.map((field) => [field.name, values[field.name] ?? ''])),
    field_attachments_map: Object.fromEntries(
      type.fields.flatMap((field) =>
        field === imageField
          ? [[field.name, attachments[field.name] ?? EMPTY_OCCLUSION]]
          : attachments[field.name]
            ? [[field.name, attachments[field.name]]]
            : []
      )
    ),
    reverse: type.reversible && reverse,
  }

  /* adding: anything typed would be lost; editing: anything changed */
  const [original] = useState(() => JSON.stringify(payload))
  const dirty = note
    ? JSON.stringify(payload) !== original
    : Object.values(payload.fields).some(hasText) ||
      Object.values(payload.field_attachments_map).some((value) => value.masks.length > 0)

  return {
    type,
    setTypeId,
    values,
    setValue: (name: string, html: string) =>
      setValues((current) => ({ ...current, [name]: html })),
    attachments,
    setAttachment: (name: string, next: Occlusion) =>
      setAttachments((current) => ({ ...current, [name]: next })),
    reverse,
    setReverse,
    imageField,
    payload,
    /** any text or mask in the note */
    hasContent: Object.values(payload.fields).some(hasText),
    dirty,
    /** empty fields, same type: ready for the next note */
    clear: () => {
      setValues({})
      setAttachments({})
    },
  }
}

export type NoteDraft = ReturnType<typeof useNoteDraft>

/**
 * The server's validation errors, each gone as soon as the learner changes
 * what it is about: a field fixed does not stay red until the next save.
 * `errors` is a new object with every answer, which shows its errors afresh.
 */
export function useFieldErrors(errors: FieldErrors | undefined) {
  const [changed, setChanged] = useState<{ errors: FieldErrors | undefined; keys: Set<string> }>(
    () => ({ errors, keys: new Set() })
  )
  const keys = changed.errors === errors ? changed.keys : new Set<string>()

  const message = (key: string) => {
    const value = errors?.[key]
    return Array.isArray(value) ? value[0] : value
  }
  /* a field's errors: its text, and for the image occlusion field its masks */
  const ofField = (name: string) => (key: string) =>
    key === `fields.${name}` ||
    key === `field_attachments_map.${name}` ||
    key.startsWith(`field_attachments_map.${name}.`)

  return {
    /** `fields.X`, `template_id` or `reverse` changed */
    changed: (key: string) => {
      if (keys.has(key)) return
      setChanged({ errors, keys: new Set([...keys, key]) })
    },
    fieldError: (name: string) => {
      if (keys.has(`fields.${name}`)) return undefined
      const key = Object.keys(errors ?? {}).find(ofField(name))
      return key ? message(key) : undefined
    },
    error: (key: string) => (keys.has(key) ? undefined : message(key)),
    /**
     * Errors about the note as a whole (the card limit…): at the top of the
     * form. A field's error shows with its field, and not at all once the
     * note type changed to one without that field.
     */
    others: () =>
      Object.keys(errors ?? {})
        .filter(
          (key) =>
            !['template_id', 'reverse'].includes(key) &&
            !key.startsWith('fields.') &&
            !key.startsWith('field_attachments_map.')
        )
        .map((key) => [key, message(key) ?? ''] as const),
  }
}

export type FieldErrorState = ReturnType<typeof useFieldErrors>

/**
 * Uploads a picture or a sound for a note of the deck (`POST /media`), with its progress and a way to cancel
 * it; the URL goes into the field.
 */
export function mediaUploader(deckId: number) {
  return async (file: File, options?: UploadOptions) => {
    const form = new FormData()
    form.append('deck_id', String(deckId))
    form.append('file', file)
    const media = await uploadWithProgress<Data.Media>(urlFor('media.store'), form, options)
    return { url: media.url }
  }
}
