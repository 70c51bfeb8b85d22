import type {
  CardLabel,
  CardTemplate,
  FieldAttachmentsMap,
  FieldProblem,
  NoteFields,
  NoteTypeDefinition,
  RenderCardOptions,
  RenderedCard,
} from '#note_types/types'
import { clozeIndexes } from '#note_types/cloze'
import { firstImage, occlusionGroups } from '#note_types/occlusion'
import { isFieldEmpty } from '#note_types/plain_text'
import { sanitizeCss, sanitizeFieldHtml } from '#note_types/sanitize'
import { renderTemplate, rendersNonEmptyField, templateFieldReferences } from '#note_types/template'

/*
 * Which cards a note has and what they look like. Card ordinals (ord):
 * - standard types: the template index (0-based), as in Anki;
 * - cloze: cloze index - 1 ({{c3::…}} is ord 2), as in Anki;
 * - image occlusion: mask group - 1 (groups are 1-based), so deleting a
 *   group doesn't shift the other cards and their review history;
 * - the optional reversed card of a standard note: REVERSED_ORD_OFFSET.
 * Only the first REVERSED_ORD_OFFSET templates of a type can make cards.
 */
export const REVERSED_ORD_OFFSET = 100

const isStandard = (def: NoteTypeDefinition) => !def.isCloze && def.kind !== 'image_occlusion'

/* Kind 'reversed' is standard too; its flag simply adds nothing since Card 2 already exists. */
export function isReversible(def: NoteTypeDefinition): boolean {
  return isStandard(def) && def.fields.length >= 2 && def.templates.length > 0
}

/* Only the type's own fields, missing ones as empty strings. */
function noteValues(def: NoteTypeDefinition, fields: NoteFields): NoteFields {
  const values: NoteFields = {}
  for (const field of def.fields)
    values[field.name] = Object.hasOwn(fields, field.name) ? (fields[field.name] ?? '') : ''
  return values
}

/* Fields the front shows through the cloze filter ({{cloze:Text}}, {{type:cloze:Text}}). */
function clozeFieldNames(def: NoteTypeDefinition): string[] {
  const names = new Set<string>()
  for (const template of def.templates) {
    for (const ref of templateFieldReferences(template.front))
      if (ref.filters.includes('cloze')) names.add(ref.name)
  }
  if (!names.size && def.fields.length) names.add(def.fields[0].name)
  return [...names].filter((name) => def.fields.some((field) => field.name === name))
}

function occlusionFieldName(def: NoteTypeDefinition): string {
  for (const template of def.templates) {
    const ref = templateFieldReferences(template.front).find((r) => r.filters.includes('occlusion'))
    if (ref) return ref.name
  }
  return def.fields[0]?.name ?? 'Image'
}

function noteClozeIndexes(def: NoteTypeDefinition, values: NoteFields): number[] {
  const all = new Set<number>()
  for (const name of clozeFieldNames(def))
    for (const index of clozeIndexes(values[name])) all.add(index)
  return [...all].sort((a, b) => a - b)
}

/*
 * Built-in types reverse as "second field, then answer the first"; a custom
 * type swaps its first two fields and goes through its first template.
 */
function reversedCard(
  def: NoteTypeDefinition,
  values: NoteFields
): { template: CardTemplate; values: NoteFields } {
  const [first, second] = def.fields.map((field) => field.name)
  if (def.kind !== 'custom') {
    const back = `{{FrontSide}}\n\n<hr id=answer>\n\n{{${first}}}`
    return { template: { name: 'Reversed', front: `{{${second}}}`, back }, values }
  }
  return {
    template: { ...def.templates[0], name: 'Reversed' },
    values: { ...values, [first]: values[second], [second]: values[first] },
  }
}

export function cardOrdinals(
  def: NoteTypeDefinition,
  fields: NoteFields,
  attachments: FieldAttachmentsMap = {},
  isReversed = false
): number[] {
  const values = noteValues(def, fields)
  if (def.isCloze) {
    const indexes = noteClozeIndexes(def, values)
    /* like Anki, a cloze note without deletions still has its first card */
    return indexes.length ? indexes.map((index) => index - 1) : [0]
  }
  if (def.kind === 'image_occlusion') {
    const field = occlusionFieldName(def)
    if (!firstImage(values[field] ?? '')) return []
    return occlusionGroups(attachments[field]).map((group) => group - 1)
  }
  const ords = def.templates
    .slice(0, REVERSED_ORD_OFFSET)
    .flatMap((template, ord) => (rendersNonEmptyField(template.front, values) ? [ord] : []))
  if (isReversed && def.kind !== 'reversed' && isReversible(def)) {
    const reversed = reversedCard(def, values)
    if (rendersNonEmptyField(reversed.template.front, reversed.values))
      ords.push(REVERSED_ORD_OFFSET)
  }
  return ords
}

function cardTemplate(def: NoteTypeDefinition, values: NoteFields, ord: number) {
  if (!Number.isInteger(ord) || ord < 0) return undefined
  if (def.isCloze) return { template: def.templates[0], values, clozeIndex: ord + 1 }
  if (def.kind === 'image_occlusion')
    return { template: def.templates[0], values, occlusionGroup: ord + 1 }
  if (ord === REVERSED_ORD_OFFSET && def.kind !== 'reversed' && isReversible(def))
    return reversedCard(def, values)
  return ord < REVERSED_ORD_OFFSET ? { template: def.templates[ord], values } : undefined
}

/*
 * Renders one card. Fields are expected to be sanitized already; both sides
 * are sanitized again anyway, since templates and filters assemble new HTML.
 * Throws a RangeError for an ord the type has no template for.
 */
export function renderCard(
  def: NoteTypeDefinition,
  fields: NoteFields,
  ord: number,
  options: RenderCardOptions = {}
): RenderedCard {
  const card = cardTemplate(def, noteValues(def, fields), ord)
  if (!card?.template) throw new RangeError(`Note type "${def.name}" has no card with ord ${ord}`)
  const context = {
    fields: card.values,
    attachments: options.attachments ?? {},
    tags: options.tags ?? [],
    deckName: options.deckName ?? '',
    cardName: card.template.name,
    noteTypeName: def.name,
    clozeIndex: 'clozeIndex' in card ? card.clozeIndex : undefined,
    occlusionGroup: 'occlusionGroup' in card ? card.occlusionGroup : undefined,
  }
  const front = renderTemplate(card.template.front, { ...context, side: 'front' })
  const frontOnBack = renderTemplate(card.template.front, {
    ...context,
    side: 'front',
    typeAnswerSide: 'back',
  })
  const back = renderTemplate(card.template.back, {
    ...context,
    side: 'back',
    frontSide: frontOnBack,
  })
  return {
    front: sanitizeFieldHtml(soundPlayers(front)),
    back: sanitizeFieldHtml(soundPlayers(back)),
    css: sanitizeCss(def.css),
  }
}

const SOUND_TAG = /\[sound:([^\]]+)\]/gi
const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * Anki's `[sound:file]`, kept as it came in the note (so an export gives it
 * back to Anki's player), shown as a player: the sanitizer then judges its
 * source as any other.
 */
function soundPlayers(html: string): string {
  if (!html.includes('[sound:')) return html
  return html.replace(
    SOUND_TAG,
    (_whole, file: string) => `<audio controls src="${attribute(file.trim())}"></audio>`
  )
}

export function cardLabel(def: NoteTypeDefinition, ord: number): CardLabel {
  if (def.isCloze) return { type: 'cloze', index: ord + 1 }
  if (def.kind === 'image_occlusion') return { type: 'occlusion', group: ord + 1 }
  if (ord >= REVERSED_ORD_OFFSET && def.kind !== 'reversed') return { type: 'reversed' }
  return { type: 'standard', template: def.templates[ord]?.name ?? `Card ${ord + 1}` }
}

/*
 * Problems that should stop a note from being saved. A field counts as empty
 * when it has neither text nor media. Each check reports independently.
 */
export function validateFields(
  def: NoteTypeDefinition,
  fields: NoteFields,
  attachments: FieldAttachmentsMap = {}
): FieldProblem[] {
  const problems: FieldProblem[] = []
  const known = new Set(def.fields.map((field) => field.name))
  for (const name of Object.keys(fields))
    if (!known.has(name)) problems.push({ field: name, problem: 'unknown' })
  const values = noteValues(def, fields)
  for (const field of def.fields) {
    if (field.required && isFieldEmpty(values[field.name]))
      problems.push({ field: field.name, problem: 'required' })
  }
  if (def.isCloze && !noteClozeIndexes(def, values).length) {
    problems.push({ field: clozeFieldNames(def)[0] ?? '', problem: 'no_cloze' })
  }
  if (def.kind === 'image_occlusion') {
    const field = occlusionFieldName(def)
    const alreadyRequired = problems.some((p) => p.field === field && p.problem === 'required')
    if (!firstImage(values[field] ?? '') && !alreadyRequired)
      problems.push({ field, problem: 'required' })
    if (!occlusionGroups(attachments[field]).length) problems.push({ field, problem: 'no_masks' })
  }
  return problems
}
