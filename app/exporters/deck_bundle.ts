import { createWriteStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Deck from '#models/deck'
import { progressOf } from '#models/card_progress'
import { idParam } from '#queries/decks/find_deck'
import ApiException from '#exceptions/api_exception'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { REVERSED_ORD_OFFSET, isReversible } from '#note_types/cards'
import type { CardTemplate, NoteTypeDefinition, NoteTypeKind } from '#note_types/types'
import type { ProgressState } from '#scheduling/types'
import { appUrl } from '#config/app'
import type {
  BundleCard, BundleCardState, BundleDeck, BundleMedia, BundleNote, BundleNoteType, BundleReview, ImportBundle,
} from '#importers/bundle'

/*
 * A deck (with its subdecks) as the bundle every writer takes: the same shape
 * the readers produce, so an export read back is an import.
 *
 * Card ords: the product's optional reversed card of a standard note is ord
 * REVERSED_ORD_OFFSET (100), which Anki cannot hold (an ord is a template
 * index). Such notes get a note type of their own with one template more:
 * a Basic note becomes Anki's own "Basic (and reversed card)" (kind
 * 'reversed', reversed card = template 2, ord 1); any other type becomes
 * "<name> (and reversed card)", its templates plus the reversed one, and the
 * reversed card takes that last template's index.
 *
 * Queries: a fixed number (access, decks, notes, note types, cards, media,
 * and progress and reviews when asked), whatever the deck's size, all in one
 * repeatable-read snapshot so notes, cards and progress agree.
 */

type Viewer = { id: number }

export interface DeckBundleOptions {
  includeProgress: boolean
  /** media files are copied into `<workDir>/media` */
  workDir: string
}

interface DeckRow { id: number; name: string; parent_id: number | null; position: number; depth: number }
interface NoteRow {
  id: number; deck_id: number; note_type_id: number; guid: string; fields: Record<string, string>
  field_attachments_map: Record<string, any> | null; tags: string[] | null; is_reversed: boolean; user_id: number
}
interface CardRow { id: number; note_id: number; deck_id: number; ord: number }

/* the product's speed-learning states have no Anki equivalent: "study again" is still being learnt, "got it" is known */
const STATES: Record<ProgressState, BundleCardState> = {
  new: 'new', learning: 'learning', review: 'review', relearning: 'relearning', study_again: 'learning', got_it: 'review',
}

/* a media key as StoreMedia and the importer name them: a UUID and an extension */
const KEY = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]{1,5}'
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/*
 * `/media/<key>` where a reference starts (attribute value, [sound:…], url(…)),
 * or the app's own absolute URL: never another site's /media/ path.
 */
const MEDIA_URL = new RegExp(`(?<=^|["'=(\\s:])(?:${escapeRegExp(appUrl)})?/media/(${KEY})`, 'gi')

export async function deckBundle(user: Viewer, deckId: unknown, options: DeckBundleOptions): Promise<ImportBundle> {
  const snapshot = await db.transaction((trx) => readDeck(user, idParam(deckId), options.includeProgress, trx), {
    isolationLevel: 'repeatable read',
  })

  const warnings: ImportBundle['warnings'] = []
  const names = mediaNames(snapshot.media)
  const media = await copyMedia(snapshot.media, names, join(options.workDir, 'media'), warnings)
  const rewrite = (html: string) =>
    html.replace(MEDIA_URL, (whole, key: string) => names.get(key.toLowerCase()) ?? whole)

  const noteTypes = new Map<string, BundleNoteType>()
  const typeRows = new Map(snapshot.noteTypes.map((row) => [row.id, row]))
  /* the bundle type a note goes to, and how its product ords become Anki's */
  const typeOf = (note: NoteRow) => {
    const row = typeRows.get(note.note_type_id)!
    const def = definitionOf(row)
    const reversed = note.is_reversed && def.kind !== 'reversed' && isReversible(def)
    const key = reversed ? `${row.id}+reversed` : String(row.id)
    if (!noteTypes.has(key)) noteTypes.set(key, reversed ? withReversedCard(key, def) : bundleType(key, def))
    const reversedOrd = reversed ? noteTypes.get(key)!.templates.length - 1 : null
    return { key, reversedOrd }
  }

  const deckIds = new Set(snapshot.decks.map((deck) => deck.id))
  const notes: BundleNote[] = []
  const ordMaps = new Map<number, number | null>()
  const noteDecks = new Map<number, number>()
  for (const note of snapshot.notes) {
    const { key, reversedOrd } = typeOf(note)
    ordMaps.set(note.id, reversedOrd)
    noteDecks.set(note.id, note.deck_id)
    const fields: Record<string, string> = {}
    for (const [name, html] of Object.entries(note.fields ?? {})) fields[name] = rewrite(html ?? '')
    const attachments = note.field_attachments_map ?? {}
    notes.push({
      key: String(note.id),
      guid: note.guid,
      noteTypeKey: key,
      deckKey: String(note.deck_id),
      fields,
      tags: tagsOf(note.tags),
      ...(Object.keys(attachments).length ? { fieldAttachmentsMap: attachments } : {}),
    })
  }

  const progressByCard = new Map(snapshot.progress.map((row) => [row.card_id as number, row]))
  const cards: BundleCard[] = []
  for (const card of snapshot.cards) {
    const reversedOrd = ordMaps.get(card.note_id)
    let ord = card.ord
    if (ord >= REVERSED_ORD_OFFSET) {
      /* a reversed card of a note no longer reversible has no template to go to */
      if (reversedOrd === null || reversedOrd === undefined) continue
      ord = reversedOrd
    }
    const row = progressByCard.get(card.id)
    cards.push({
      key: String(card.id),
      noteKey: String(card.note_id),
      ord,
      deckKey: String(deckIds.has(card.deck_id) ? card.deck_id : noteDecks.get(card.note_id)),
      progress: row ? bundleProgress(row) : null,
    })
  }

  const exported = new Set(cards.map((card) => card.key))
  const reviews: BundleReview[] = snapshot.reviews
    .filter((row) => exported.has(String(row.card_id)))
    .map((row) => ({
      cardKey: String(row.card_id),
      reviewedAt: new Date(row.reviewed_at),
      rating: Math.min(4, Math.max(1, Number(row.rating))) as BundleReview['rating'],
      /* speed-learning answers schedule nothing: Anki's "manual" entries, which its FSRS fit ignores */
      kind: row.kind === 'learn' || row.kind === 'review' || row.kind === 'relearn' ? row.kind : 'manual',
      intervalDays: Number(row.interval_after ?? 0),
      lastIntervalDays: Number(row.interval_before ?? 0),
      ease: Number(row.ease_after ?? 0) / 1000,
      durationMs: Number(row.duration_ms ?? 0),
    }))

  const decks: BundleDeck[] = snapshot.decks.map((deck, index) => ({
    key: String(deck.id),
    name: deck.name,
    /* the exported deck is the bundle's top deck, wherever it sits in the product */
    parentKey: index === 0 || deck.parent_id === null ? null : String(deck.parent_id),
  }))

  return { format: 'ofc', noteTypes: [...noteTypes.values()], decks, notes, cards, reviews, media, warnings }
}

/** Every read the bundle needs, in the caller's snapshot. */
async function readDeck(user: Viewer, deckId: number, includeProgress: boolean, trx: TransactionClientContract) {
  const root = await Deck.query({ client: trx }).withScopes((s) => s.accessibleBy(user)).where('decks.id', deckId).first()
  if (!root) throw ApiException.notFound()

  const { rows: decks } = (await trx.rawQuery(
    `with recursive tree as (
       select id, name, parent_id, position, 0 as depth from decks where id = ?
       union all
       select d.id, d.name, d.parent_id, d.position, t.depth + 1 from decks d join tree t on d.parent_id = t.id
     ) select * from tree order by depth, position, id`,
    [root.id]
  )) as { rows: DeckRow[] }
  const ids = decks.map((deck) => deck.id)

  const notes: NoteRow[] = await trx
    .from('notes')
    .whereIn('deck_id', ids)
    .orderBy('created_at')
    .orderBy('id')
    .select('id', 'deck_id', 'note_type_id', 'guid', 'fields', 'field_attachments_map', 'tags', 'is_reversed', 'user_id')

  const typeIds = [...new Set(notes.map((note) => note.note_type_id))]
  const noteTypes = typeIds.length
    ? await trx.from('note_types').whereRaw('id = any(?::int[])', [typeIds]).select('id', 'kind', 'name', 'fields', 'templates', 'css')
    : []

  const cardsOfDeck = () => trx.from('notes').whereIn('deck_id', ids).select('id')
  const cards: CardRow[] = notes.length
    ? await trx.from('cards').whereIn('note_id', cardsOfDeck()).orderBy('note_id').orderBy('ord').select('id', 'note_id', 'deck_id', 'ord')
    : []

  const keys = new Set<string>()
  for (const note of notes) {
    for (const html of Object.values(note.fields ?? {})) {
      for (const match of String(html ?? '').matchAll(MEDIA_URL)) keys.add(match[1].toLowerCase())
    }
  }
  /* only files of the notes' owner: the media controller serves nobody else's either */
  const owners = [...new Set(notes.map((note) => note.user_id))]
  const media: MediaRow[] = keys.size
    ? await trx
        .from('media')
        .whereRaw('key = any(?::text[])', [[...keys]])
        .whereRaw('user_id = any(?::int[])', [owners])
        .orderBy('id')
        .select('key', 'original_name', 'size')
    : []

  const cardIds = () => trx.from('cards').whereIn('note_id', cardsOfDeck()).select('id')
  const progress = includeProgress && cards.length
    ? await trx
        .from('card_progress as p')
        .where('p.user_id', user.id)
        .whereIn('p.card_id', cardIds())
        .select('p.*')
        /* a card the learner removed from study leaves as Anki's suspended (frozen in a bundle) */
        .select(trx.raw('exists (select 1 from card_suspensions s where s.card_id = p.card_id and s.user_id = p.user_id) as suspended'))
    : []
  const reviews = includeProgress && cards.length
    ? await trx
        .from('review_logs')
        .where('user_id', user.id)
        .whereIn('card_id', cardIds())
        .orderBy('reviewed_at')
        .orderBy('id')
        .select('card_id', 'rating', 'kind', 'interval_before', 'interval_after', 'ease_after', 'reviewed_at', 'duration_ms')
    : []

  return { decks, notes, noteTypes, cards, media, progress, reviews }
}

interface MediaRow { key: string; original_name: string; size: number }

/* a note saved with `tags: []` through the model holds `{}` (pg writes an empty JS array as '{}'): tags are an array's strings, or none */
export function tagsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string' && tag.length > 0) : []
}

function definitionOf(row: { kind: NoteTypeKind; name: string; fields: any; templates: any; css: string }): NoteTypeDefinition {
  if (row.kind !== 'custom') return BUILTIN_NOTE_TYPES[row.kind]
  const templates: CardTemplate[] = row.templates ?? []
  const isCloze = templates.some((template) => /\{\{[^}]*cloze:/.test(template.front))
  return { kind: 'custom', name: row.name, fields: row.fields ?? [], templates, css: row.css ?? '', isCloze }
}

function bundleType(key: string, def: NoteTypeDefinition): BundleNoteType {
  return {
    key,
    name: def.name,
    kind: def.kind,
    fields: def.fields.map((field) => field.name),
    templates: def.templates.slice(0, REVERSED_ORD_OFFSET).map(({ name, front, back }) => ({ name, front, back })),
    css: def.css,
    isCloze: def.isCloze,
  }
}

/** The type of a note with the product's reversed card: its templates plus that card (see the top). */
function withReversedCard(key: string, def: NoteTypeDefinition): BundleNoteType {
  if (def.kind === 'basic') return bundleType(key, BUILTIN_NOTE_TYPES.reversed)
  const base = bundleType(key, def)
  const [first, second] = base.fields
  /* the product's reversed card (app/note_types/cards.ts): built-ins ask the second field; custom types swap the first two */
  const reversed =
    def.kind !== 'custom'
      ? { name: 'Reversed', front: `{{${second}}}`, back: `{{FrontSide}}\n\n<hr id=answer>\n\n{{${first}}}` }
      : { name: 'Reversed', front: swapFields(base.templates[0].front, first, second), back: swapFields(base.templates[0].back, first, second) }
  return { ...base, name: `${def.name} (and reversed card)`, kind: 'custom', templates: [...base.templates, reversed] }
}

/* {{A}} ↔ {{B}} in every tag form ({{#A}}, {{/A}}, {{type:A}}, …) */
function swapFields(template: string, first: string, second: string) {
  return template.replace(/\{\{([#^/]?)([^}]*?)\}\}/g, (whole, sigil: string, body: string) => {
    const parts = body.split(':')
    const name = parts.pop()!.trim()
    const other = name === first ? second : name === second ? first : null
    return other === null ? whole : `{{${sigil}${[...parts, other].join(':')}}}`
  })
}

function bundleProgress(row: Record<string, any>): BundleCard['progress'] {
  const progress = progressOf(row)
  return {
    state: STATES[progress.state] ?? 'new',
    dueAt: progress.dueAt,
    intervalDays: progress.intervalDays,
    ease: progress.ease,
    reps: progress.reps,
    lapses: progress.lapses,
    stability: progress.stability,
    difficulty: progress.difficulty,
    frozen: Boolean(row.frozen) || Boolean(row.suspended),
    lastReviewedAt: progress.lastReviewedAt,
  }
}

/**
 * Each file under its original name, as Anki packages reference media: made
 * safe for a file system and for an HTML attribute, and unique without regard
 * to case (Anki's media folder may live on a case-insensitive disk).
 */
function mediaNames(media: MediaRow[]) {
  const names = new Map<string, string>()
  const taken = new Set<string>()
  for (const row of media) {
    const ext = row.key.slice(row.key.lastIndexOf('.'))
    let name = (row.original_name ?? '').split(/[\\/]/).pop()!
      .replace(/[\u0000-\u001f\u007f"'<>&:*?|[\]#%]/g, '_')
      .replace(/\s+/g, ' ')
      .replace(/\.{2,}/g, '.')
      .trim()
      .replace(/^\.+/, '')
    if (!name) name = row.key
    if (!name.toLowerCase().endsWith(ext.toLowerCase())) name += ext
    const stem = name.slice(0, name.length - ext.length).slice(0, 100)
    name = `${stem}${ext}`
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}${ext}`
    taken.add(name.toLowerCase())
    names.set(row.key.toLowerCase(), name)
  }
  return names
}

/** Streams each referenced file from the drive into the work directory; a missing file is a warning, not a failure. */
async function copyMedia(media: MediaRow[], names: Map<string, string>, dir: string, warnings: ImportBundle['warnings']) {
  if (!media.length) return []
  await mkdir(dir, { recursive: true })
  const copied: BundleMedia[] = []
  for (const row of media) {
    const name = names.get(row.key.toLowerCase())!
    const path = join(dir, name)
    try {
      await pipeline(await drive.use().getStream(`media/${row.key}`), createWriteStream(path))
      copied.push({ name, path, size: (await stat(path)).size })
    } catch {
      warnings.push({ message: `media_missing:${name}` })
    }
  }
  return copied
}
