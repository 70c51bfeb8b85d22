import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type { ErrorKey } from '#exceptions/catalogue'
import NoteType from '#models/note_type'
import type {
  FieldAttachmentsMap,
  NoteFields,
  NoteTypeDefinition,
  OcclusionMask,
} from '#note_types/types'
import { remoteImageSources, sanitizeFieldHtml } from '#note_types/sanitize'
import type { FetchedImage } from '#actions/media/store_remote_images'
import { fieldTexts, sortField } from '#note_types/plain_text'
import { cardOrdinals, isReversible, validateFields } from '#note_types/cards'
import { clientKeyOf, resolveFieldKeys } from '#note_types/field_keys'
import { FieldLabel } from '#note_types/stock_labels'
import { idParam } from '#queries/decks/find_deck'
import type { Infer } from '@vinejs/vine/types'
import type { editorUpdateValidator } from '#validators/content'

const MAX_IMAGES_PER_SIDE = 3

/* masks as clients send them; cleanAttachments makes them whole */
type AttachmentsInput = Record<string, { masks: Array<Partial<OcclusionMask>>; hideAll?: boolean }>

export interface NoteInput {
  noteTypeId: number
  /** keyed by field id (GET decks' template fields) or title: resolveFieldKeys */
  fields: Record<string, string | null | undefined>
  /** keyed like `fields` */
  fieldAttachmentsMap?: AttachmentsInput | null
  reverse?: boolean
  /**
   * its remote images, fetched before the save's transaction (withRemoteImages); any other remote image
   * becomes its alt text
   */
  remoteImages?: FetchedImage[]
}

/** A note as the spec names its fields (the validators' `noteBody`); `template_id` may be left out of an edit. */
export type NoteBody = Infer<typeof editorUpdateValidator>

/**
 * The one place the spec's names become the model's: a body's content as NoteInput names it (the note type, if
 * sent).
 */
export function noteContentOf(
  body: NoteBody
): Omit<NoteInput, 'noteTypeId'> & { noteTypeId?: number } {
  return {
    noteTypeId: body.template_id,
    fields: body.fields,
    fieldAttachmentsMap: body.field_attachments_map,
    reverse: body.reverse,
  }
}

export interface PreparedNote {
  noteType: NoteType
  definition: NoteTypeDefinition
  fields: NoteFields
  attachments: FieldAttachmentsMap
  isReversed: boolean
  ords: number[]
  sortText: string
  searchText: string
  hasImage: boolean
  hasAudio: boolean
}

/**
 * Built-in types and the custom types of the deck's owner (`owner`: an
 * editor of a shared deck writes with the owner's types); anything else is
 * an unknown template.
 */
export async function findNoteType(
  owner: { id: number },
  id: unknown,
  trx?: TransactionClientContract
) {
  const noteType = await NoteType.query({ client: trx })
    .where('id', idParam(id))
    .where((query) => query.whereNull('user_id').orWhere('user_id', owner.id))
    .first()
  if (!noteType) throw ApiException.of('E_UNKNOWN_TEMPLATE', { field: 'template_id' })
  return noteType
}

const invalid = (
  key: ErrorKey<'E_VALIDATION_ERROR'>,
  field: string,
  values: Record<string, unknown> = {}
) => ApiException.of('E_VALIDATION_ERROR', { key, field, values })

const imagesIn = (html: string) =>
  [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)].map((match) => match[1])

/** Masks are numbers inside the image; anything else in the map is dropped. */
function cleanAttachments(
  definition: NoteTypeDefinition,
  map: AttachmentsInput = {}
): FieldAttachmentsMap {
  const clean: FieldAttachmentsMap = {}
  for (const field of definition.fields) {
    const entry = map[field.name]
    if (!entry || !Array.isArray(entry.masks)) continue
    const clamp = (value: unknown) => Math.min(1, Math.max(0, Number(value) || 0))
    clean[field.name] = {
      hideAll: entry.hideAll !== false,
      masks: entry.masks.slice(0, 200).map((mask, index) => ({
        id: String(mask.id ?? index).slice(0, 40),
        group: Math.max(1, Math.floor(Number(mask.group) || 1)),
        x: clamp(mask.x),
        y: clamp(mask.y),
        width: clamp(mask.width),
        height: clamp(mask.height),
        angle: Number.isFinite(Number(mask.angle)) ? Number(mask.angle) % 360 : 0,
      })),
    }
  }
  return clean
}

/**
 * Sanitizes and checks what the editor (or an importer) sends, and works out
 * the cards it makes. `previous` is the note's fields before an edit: images
 * already on a note of an imported deck may stay, new ones may not. A field
 * in an error is named the way the request named it (`fields.0` or
 * `fields.Front`).
 */
export function prepareNote(
  noteType: NoteType,
  input: NoteInput,
  options: { imagesAllowed: boolean; previous?: NoteFields; storedImages?: Map<string, string> }
): PreparedNote {
  const definition = noteType.definition
  const given = resolveFieldKeys(definition, input.fields)
  for (const { key, problem } of given.problems) {
    throw invalid(problem === 'unknown' ? 'unknown_field' : 'duplicate_field', `fields.${key}`, {
      field: key,
    })
  }
  const masks = resolveFieldKeys(definition, input.fieldAttachmentsMap ?? {})
  for (const { key, problem } of masks.problems) {
    throw invalid(
      problem === 'unknown' ? 'unknown_field' : 'duplicate_field',
      `field_attachments_map.${key}`,
      { field: key }
    )
  }
  const named = (title: string) => clientKeyOf(definition, given, title)
  const before = new Set(Object.values(options.previous ?? {}).flatMap(imagesIn))
  /* remote images: their stored copies (store_remote_images.ts), the others their alt text */
  const stored = (url: string) => options.storedImages?.get(url) ?? null
  const fields: NoteFields = {}
  for (const field of definition.fields) {
    const raw = String(given.byName[field.name] ?? '')
    if (!options.imagesAllowed && remoteImageSources(raw).some((src) => !before.has(src))) {
      throw ApiException.of('E_IMAGES_NOT_ALLOWED', { field: `fields.${named(field.name)}` })
    }
    fields[field.name] = sanitizeFieldHtml(raw, stored)
  }

  const attachments = cleanAttachments(definition, masks.byName)
  const problem = validateFields(definition, fields, attachments)[0]
  if (problem) {
    throw invalid(`note_${problem.problem}`, `fields.${named(problem.field)}`, {
      field: new FieldLabel(problem.field, noteType.kind !== 'custom'),
    })
  }

  for (const [name, html] of Object.entries(fields)) {
    const images = imagesIn(html)
    if (images.length > MAX_IMAGES_PER_SIDE)
      throw invalid('too_many_images', `fields.${named(name)}`, { max: MAX_IMAGES_PER_SIDE })
    if (!options.imagesAllowed && images.some((src) => !before.has(src))) {
      throw ApiException.of('E_IMAGES_NOT_ALLOWED', { field: `fields.${named(name)}` })
    }
  }
  if (input.reverse && !isReversible(definition)) {
    throw ApiException.of('E_NOT_REVERSIBLE', { field: 'reverse' })
  }
  const isReversed = Boolean(input.reverse) && isReversible(definition)
  const texts = fieldTexts(definition, fields)
  const all = Object.values(fields).join(' ')
  return {
    noteType,
    definition,
    fields,
    attachments,
    isReversed,
    ords: cardOrdinals(definition, fields, attachments, isReversed),
    /* a key to sort and find duplicates by, case aside; pages show sortField(fieldTexts(…)), case kept */
    sortText: sortField(texts).toLowerCase().slice(0, 500),
    searchText: texts.join(' \n ').toLowerCase(),
    hasImage: /<img\b/i.test(all),
    hasAudio: /<audio\b|\[sound:/i.test(all),
  }
}
