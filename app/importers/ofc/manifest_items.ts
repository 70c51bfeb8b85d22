import type {
  BundleCard,
  BundleDeck,
  BundleNote,
  BundleNoteType,
  BundleProgress,
  BundleReview,
} from '#importers/bundle'
import type { OfcMediaEntry } from '#importers/ofc/format'

/*
 * The manifest's items, each checked for its types: a problem throws Invalid
 * with the path of the value ("manifest.notes[3].guid: expected a string").
 */

export class Invalid extends Error {}

const NOTE_TYPE_KINDS = new Set([
  'basic',
  'reversed',
  'cloze',
  'type_in',
  'image_occlusion',
  'custom',
])
const CARD_STATES = new Set(['new', 'learning', 'review', 'relearning'])
const BURIALS = new Set(['manual', 'sibling'])
const REVIEW_KINDS = new Set(['learn', 'review', 'relearn', 'manual'])
const ENTRY_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
// eslint-disable-next-line no-control-regex -- control characters make a media name unsafe
const UNSAFE_IN_NAME = /[/\\\u0000-\u001f\u007f]/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

type Obj = Record<string, unknown>

export function fail(path: string, message: string): never {
  throw new Invalid(`${path}: ${message}`)
}
export function obj(value: unknown, path: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(path, 'expected an object')
  return value as Obj
}
export function arr(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'expected an array')
  return value
}
function str(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== 'string') fail(path, 'expected a string')
  if (nonEmpty && !value) fail(path, 'must not be empty')
  return value
}
export function num(
  value: unknown,
  path: string,
  { min, integer }: { min?: number; integer?: boolean } = {}
): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'expected a number')
  if (integer && !Number.isInteger(value)) fail(path, 'expected an integer')
  if (min !== undefined && value < min) fail(path, `must be at least ${min}`)
  return value
}
export function bool(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'expected true or false')
  return value
}
export function date(value: unknown, path: string): Date {
  const text = str(value, path)
  const parsed = new Date(text)
  if (!ISO_DATE.test(text) || Number.isNaN(parsed.getTime()))
    fail(path, 'expected an ISO 8601 UTC date')
  return parsed
}
function nullable<T>(
  value: unknown,
  path: string,
  read: (value: unknown, path: string) => T
): T | null {
  return value === null ? null : read(value, path)
}
function strings(value: unknown, path: string): string[] {
  return arr(value, path).map((item, i) => str(item, `${path}[${i}]`))
}
function oneOf<T extends string>(value: unknown, path: string, allowed: Set<string>): T {
  const text = str(value, path)
  if (!allowed.has(text)) fail(path, `unknown value "${text}"`)
  return text as T
}
export function uniqueKey(seen: Set<string>, key: string, path: string) {
  if (seen.has(key)) fail(path, `duplicate key "${key}"`)
  seen.add(key)
}
/*
 * A media name the fields reference: one file name, nothing that walks
 * directories. Without separators only "." and ".." themselves can; "a..b.png"
 * is a plain name (and the disk only ever sees the entry's `file`).
 */
function isSafeMediaName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name !== '.' &&
    name !== '..' &&
    !UNSAFE_IN_NAME.test(name)
  )
}

export function readNoteType(value: unknown, path: string): BundleNoteType {
  const o = obj(value, path)
  const fields = strings(o.fields, `${path}.fields`)
  if (!fields.length) fail(`${path}.fields`, 'a note type needs a field')
  if (new Set(fields).size !== fields.length) fail(`${path}.fields`, 'duplicate field name')
  const templates = arr(o.templates, `${path}.templates`).map((t, i) => {
    const tp = `${path}.templates[${i}]`
    const template = obj(t, tp)
    return {
      name: str(template.name, `${tp}.name`),
      front: str(template.front, `${tp}.front`),
      back: str(template.back, `${tp}.back`),
    }
  })
  if (!templates.length) fail(`${path}.templates`, 'a note type needs a template')
  const type: BundleNoteType = {
    key: str(o.key, `${path}.key`, true),
    name: str(o.name, `${path}.name`, true),
    kind: oneOf(o.kind, `${path}.kind`, NOTE_TYPE_KINDS),
    fields,
    templates,
    css: str(o.css, `${path}.css`),
    isCloze: bool(o.isCloze, `${path}.isCloze`),
  }
  /* optional: what an imported Anki type keeps (decision 0092) */
  if (o.sortField !== undefined)
    type.sortField = num(o.sortField, `${path}.sortField`, { integer: true, min: 0 })
  if (o.ankiId !== undefined) type.ankiId = nullable(o.ankiId, `${path}.ankiId`, str)
  if (o.ankiModel !== undefined && o.ankiModel !== null) {
    const model = obj(o.ankiModel, `${path}.ankiModel`)
    const parts = (key: string) =>
      arr(model[key], `${path}.ankiModel.${key}`).map((part, i) =>
        obj(part, `${path}.ankiModel.${key}[${i}]`)
      )
    type.ankiModel = {
      model: obj(model.model, `${path}.ankiModel.model`),
      fields: parts('fields'),
      templates: parts('templates'),
    }
  }
  return type
}

/* optional creation time (ISO 8601) of a note or card */
function createdAtOf(o: Obj, path: string): { createdAt?: Date } {
  return o.createdAt === undefined ? {} : { createdAt: date(o.createdAt, `${path}.createdAt`) }
}

export function readDeck(value: unknown, path: string): BundleDeck {
  const o = obj(value, path)
  return {
    key: str(o.key, `${path}.key`, true),
    name: str(o.name, `${path}.name`, true),
    parentKey: nullable(o.parentKey, `${path}.parentKey`, (v, p) => str(v, p, true)),
  }
}

function readAttachments(
  value: unknown,
  path: string
): NonNullable<BundleNote['fieldAttachmentsMap']> {
  const map: NonNullable<BundleNote['fieldAttachmentsMap']> = {}
  for (const [field, raw] of Object.entries(obj(value, path))) {
    const fp = `${path}.${field}`
    const o = obj(raw, fp)
    const masks = arr(o.masks, `${fp}.masks`).map((m, i) => {
      const mp = `${fp}.masks[${i}]`
      const mask = obj(m, mp)
      return {
        id: str(mask.id, `${mp}.id`),
        group: num(mask.group, `${mp}.group`, { integer: true, min: 1 }),
        x: num(mask.x, `${mp}.x`),
        y: num(mask.y, `${mp}.y`),
        width: num(mask.width, `${mp}.width`),
        height: num(mask.height, `${mp}.height`),
        angle: num(mask.angle, `${mp}.angle`),
      }
    })
    map[field] =
      o.hideAll === undefined ? { masks } : { hideAll: bool(o.hideAll, `${fp}.hideAll`), masks }
  }
  return map
}

export function readNote(value: unknown, path: string): BundleNote {
  const o = obj(value, path)
  const fields: Record<string, string> = {}
  for (const [name, html] of Object.entries(obj(o.fields, `${path}.fields`)))
    fields[name] = str(html, `${path}.fields.${name}`)
  const note: BundleNote = {
    key: str(o.key, `${path}.key`, true),
    guid: str(o.guid, `${path}.guid`, true),
    noteTypeKey: str(o.noteTypeKey, `${path}.noteTypeKey`, true),
    deckKey: str(o.deckKey, `${path}.deckKey`, true),
    fields,
    tags: strings(o.tags, `${path}.tags`),
    ...createdAtOf(o, path),
  }
  if (o.fieldAttachmentsMap !== undefined)
    note.fieldAttachmentsMap = readAttachments(o.fieldAttachmentsMap, `${path}.fieldAttachmentsMap`)
  return note
}

function readProgress(value: unknown, path: string): BundleProgress {
  const o = obj(value, path)
  return {
    state: oneOf(o.state, `${path}.state`, CARD_STATES),
    dueAt: nullable(o.dueAt, `${path}.dueAt`, date),
    intervalDays: num(o.intervalDays, `${path}.intervalDays`, { min: 0 }),
    ease: num(o.ease, `${path}.ease`, { min: 0 }),
    reps: num(o.reps, `${path}.reps`, { integer: true, min: 0 }),
    lapses: num(o.lapses, `${path}.lapses`, { integer: true, min: 0 }),
    stability: nullable(o.stability, `${path}.stability`, num),
    difficulty: nullable(o.difficulty, `${path}.difficulty`, num),
    frozen: bool(o.frozen, `${path}.frozen`),
    lastReviewedAt: nullable(o.lastReviewedAt, `${path}.lastReviewedAt`, date),
  }
}

export function readCard(value: unknown, path: string, withProgress: boolean): BundleCard {
  const o = obj(value, path)
  let progress: BundleProgress | null = null
  if (withProgress) {
    if (o.progress === undefined)
      fail(`${path}.progress`, 'missing (the file says it includes progress)')
    progress = nullable(o.progress, `${path}.progress`, readProgress)
  }
  return {
    key: str(o.key, `${path}.key`, true),
    noteKey: str(o.noteKey, `${path}.noteKey`, true),
    ord: num(o.ord, `${path}.ord`, { integer: true, min: 0 }),
    deckKey: str(o.deckKey, `${path}.deckKey`, true),
    progress,
    ...(withProgress && o.suspended !== undefined
      ? { suspended: bool(o.suspended, `${path}.suspended`) }
      : {}),
    ...(withProgress && o.buried !== undefined
      ? { buried: nullable(o.buried, `${path}.buried`, (v, p) => oneOf(v, p, BURIALS)) }
      : {}),
    ...createdAtOf(o, path),
  }
}

export function readReview(value: unknown, path: string): BundleReview {
  const o = obj(value, path)
  const rating = num(o.rating, `${path}.rating`, { integer: true, min: 1 })
  if (rating > 4) fail(`${path}.rating`, 'must be 1 to 4')
  return {
    cardKey: str(o.cardKey, `${path}.cardKey`, true),
    reviewedAt: date(o.reviewedAt, `${path}.reviewedAt`),
    rating: rating as BundleReview['rating'],
    kind: oneOf(o.kind, `${path}.kind`, REVIEW_KINDS),
    /* Anki keeps learning intervals as negative seconds: any finite number */
    intervalDays: num(o.intervalDays, `${path}.intervalDays`),
    lastIntervalDays: num(o.lastIntervalDays, `${path}.lastIntervalDays`),
    ease: num(o.ease, `${path}.ease`, { min: 0 }),
    durationMs: num(o.durationMs, `${path}.durationMs`, { min: 0 }),
  }
}

export function readMediaEntry(value: unknown, path: string): OfcMediaEntry {
  const o = obj(value, path)
  const name = str(o.name, `${path}.name`)
  if (!isSafeMediaName(name)) fail(`${path}.name`, `unsafe media name ${JSON.stringify(name)}`)
  const file = str(o.file, `${path}.file`)
  if (!ENTRY_FILE.test(file) || file === '.' || file === '..' || file.includes('..')) {
    fail(`${path}.file`, `unsafe entry name ${JSON.stringify(file)}`)
  }
  const sha256 = str(o.sha256, `${path}.sha256`)
  if (!/^[0-9a-f]{64}$/.test(sha256)) fail(`${path}.sha256`, 'expected 64 lowercase hex digits')
  return { name, file, size: num(o.size, `${path}.size`, { integer: true, min: 0 }), sha256 }
}
