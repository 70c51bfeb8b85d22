import { randomUUID } from 'node:crypto'
import { extname } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'
import NoteType from '#models/note_type'
import type User from '#models/user'
import { MEDIA_EXTENSIONS, mediaLimitOf, sniffPath } from '#actions/media/store_media'
import { newGuid } from '#actions/notes/save_note'
import { prepareNote } from '#actions/notes/note_content'
import { progressColumns } from '#models/card_progress'
import { MAX_CARDS_PER_DECK } from '#models/deck'
import { roomIn } from '#actions/decks/card_limit'
import { studyDay } from '#scheduling/study_day'
import type { BundleNote, BundleNoteType, ImportBundle } from '#importers/bundle'
import type { Progress } from '#scheduling/types'

export interface WriteCounts {
  notes: number
  updated: number
  cards: number
  decks: number
  media: number
  reviews: number
  skipped: number
}

export interface WriteOptions {
  /** called after each batch with the notes written so far (the deck's counters) */
  progress: (processed: number) => Promise<void>
  /** throws when the import was cancelled: checked between batches */
  checkpoint: () => Promise<void>
  /** drive keys stored so far, so a failure can remove them */
  storedKeys: string[]
}

const BATCH = 500
const MEDIA_REF = /(<(?:img|audio|video|source)\b[^>]*?\bsrc=")([^"]+)(")|\[sound:([^\]]+)\]/gi

/**
 * Writes what a reader made of a file into the learner's deck, in the
 * caller's transaction. Notes whose guid the learner already has are updated
 * in place (their progress kept, missing cards added); new notes go into the
 * import's deck tree. A deck over the card limit is split into numbered
 * subdecks, never cut. Media the fields reference is stored and the fields
 * point at it; anything that cannot be kept becomes a warning.
 */
export async function writeBundle(
  user: User,
  root: Deck,
  bundle: ImportBundle,
  trx: TransactionClientContract,
  options: WriteOptions
): Promise<{ counts: WriteCounts; warnings: ImportBundle['warnings']; rootName: string | null }> {
  const warnings = [...bundle.warnings]
  const counts: WriteCounts = { notes: 0, updated: 0, cards: 0, decks: 0, media: 0, reviews: 0, skipped: 0 }
  const now = new Date()

  const noteTypes = await resolveNoteTypes(user, bundle.noteTypes, trx)
  const mediaUrls = await storeMedia(user, root, bundle, trx, options, warnings)
  counts.media = mediaUrls.size
  const deckIds = await createDecks(root, bundle, trx)

  /* where each note goes: its deck, then numbered parts of it past the card limit */
  const cardsByNote = new Map<string, ImportBundle['cards']>()
  for (const card of bundle.cards) cardsByNote.set(card.noteKey, [...(cardsByNote.get(card.noteKey) ?? []), card])
  const parts = new Map<number, { deckId: number; cards: number }[]>()
  const placeNote = async (deckId: number, cards: number) => {
    const list = parts.get(deckId) ?? [{ deckId, cards: 0 }]
    parts.set(deckId, list)
    let last = list[list.length - 1]
    if (last.cards + cards > MAX_CARDS_PER_DECK) {
      const base = await trx.from('decks').where('id', deckId).first()
      const [part] = await trx
        .table('decks')
        .insert({
          user_id: user.id, name: `${base.name} (${list.length + 1})`, parent_id: deckId, root_deck_id: base.root_deck_id ?? base.id,
          /* after the deck's other subdecks: nobody else adds to a deck being imported */
          position: trx.raw('(select coalesce(max(position), 0) + 1 from decks where parent_id = ?)', [deckId]), state: 'active', source: base.source, algorithm_preset: base.algorithm_preset,
          algorithm_type: base.algorithm_type, algorithm_settings: JSON.stringify(base.algorithm_settings ?? {}),
          created_at: now, updated_at: now,
        })
        .returning('id')
      counts.decks++
      warnings.push({ message: `split:${base.name}:${list.length + 1}` })
      last = { deckId: part.id, cards: 0 }
      list.push(last)
    }
    last.cards += cards
    return last.deckId
  }

  /*
   * A note updated in place stays in the learner's own deck: the cards its
   * new version adds count against that deck's limit, checked under the
   * deck's lock (card_limit.ts, taken once per deck and held to the end).
   * Cards that do not fit are left out and the import says so.
   */
  const room = new Map<number, number>()
  const takeRoom = async (deckId: number, cards: number) => {
    if (!room.has(deckId)) room.set(deckId, await roomIn(deckId, trx, { reservations: false }))
    if (room.get(deckId)! < cards) {
      const full = await trx.from('decks').where('id', deckId).select('name').first()
      const warning = `cards_limit:${full.name}`
      if (!warnings.some((entry) => entry.message === warning)) warnings.push({ message: warning })
      return false
    }
    room.set(deckId, room.get(deckId)! - cards)
    return true
  }

  const existing = await existingNotes(user, bundle.notes, trx)
  for (let start = 0; start < bundle.notes.length; start += BATCH) {
    await options.checkpoint()
    const batch = bundle.notes.slice(start, start + BATCH)
    const rows: Record<string, unknown>[] = []
    const created: { note: BundleNote; ords: number[]; deckId: number }[] = []
    for (const note of batch) {
      const type = noteTypes.get(note.noteTypeKey)
      if (!type) {
        counts.skipped++
        continue
      }
      let prepared
      try {
        prepared = prepareNote(type.row, {
          noteTypeId: type.row.id,
          fields: mapFields(type, note, mediaUrls),
          fieldAttachmentsMap: note.fieldAttachmentsMap,
          reverse: false,
        }, { imagesAllowed: true })
      } catch {
        counts.skipped++
        warnings.push({ message: `note_invalid:${note.guid}` })
        continue
      }
      /*
       * the cards the source has are kept even when the product would not make
       * them now (Anki keeps "empty cards"): their progress and history stay
       */
      const definition = type.row.definition
      const sourceOrds = (cardsByNote.get(note.key) ?? []).map((card) => card.ord)
        .filter((ord) => definition.isCloze ? ord >= 0 && ord < 500 : ord >= 0 && ord < definition.templates.length)
      const ords = [...new Set([...prepared.ords, ...sourceOrds])].sort((a, b) => a - b)
      const current = existing.get(note.guid)
      const columns = {
        note_type_id: type.row.id, fields: JSON.stringify(prepared.fields), field_attachments_map: JSON.stringify(prepared.attachments),
        tags: JSON.stringify(note.tags), sort_text: prepared.sortText, search_text: prepared.searchText,
        has_image: prepared.hasImage, has_audio: prepared.hasAudio, updated_at: now,
      }
      if (current) {
        /* already the learner's: updated where it is, progress untouched, cards the new version makes added */
        await trx.from('notes').where('id', current.id).update(columns)
        const have = new Set((await trx.from('cards').where('note_id', current.id).select('ord')).map((row) => row.ord as number))
        const missing = ords.filter((ord) => !have.has(ord))
        if (missing.length && (await takeRoom(current.deck_id, missing.length))) {
          await trx.table('cards').multiInsert(missing.map((ord) => ({ note_id: current.id, deck_id: current.deck_id, ord, created_at: now })))
          counts.cards += missing.length
        }
        counts.updated++
        continue
      }
      const deckId = await placeNote(deckIds.get(note.deckKey) ?? root.id, ords.length)
      rows.push({ ...columns, user_id: user.id, deck_id: deckId, guid: note.guid || newGuid(), is_reversed: false, created_at: now })
      created.push({ note, ords, deckId })
    }
    if (rows.length) {
      const inserted = await trx.table('notes').multiInsert(rows).returning(['id', 'guid'])
      const idByGuid = new Map(inserted.map((row: { id: number; guid: string }) => [row.guid, row.id]))
      const cardRows = created.flatMap(({ note, ords, deckId }) =>
        ords.map((ord) => ({ note_id: idByGuid.get(note.guid), deck_id: deckId, ord, created_at: now, key: `${note.key}:${ord}` }))
      )
      const cards = await trx
        .table('cards')
        .multiInsert(cardRows.map(({ key: _key, ...row }) => row))
        .returning(['id', 'note_id', 'ord', 'deck_id'])
      counts.notes += rows.length
      counts.cards += cards.length
      counts.reviews += await writeProgress(user, created, cards, cardsByNote, bundle, idByGuid, trx)
    }
    await options.progress(Math.min(bundle.notes.length, start + BATCH))
  }
  /* a package with a single top deck names the import's deck (Anki's "Default" says nothing) */
  const tops = bundle.decks.filter((deck) => deck.parentKey === null)
  const rootName = tops.length === 1 && tops[0].name && tops[0].name !== 'Default' ? tops[0].name.slice(0, 255) : null
  return { counts, warnings, rootName }
}

interface ResolvedType {
  row: NoteType
  /* the bundle's field names in the order the product's type takes them */
  fieldNames: string[]
  source: BundleNoteType
}

/**
 * Anki's own kinds become the product's built-in types (fields by position:
 * Anki translates their names); any other type becomes a custom type of the
 * learner, reused when an earlier import made the same one.
 */
async function resolveNoteTypes(user: User, types: BundleNoteType[], trx: TransactionClientContract) {
  const resolved = new Map<string, ResolvedType>()
  for (const type of types) {
    if (type.kind !== 'custom') {
      const row = await NoteType.query({ client: trx }).whereNull('user_id').where('kind', type.kind).firstOrFail()
      resolved.set(type.key, { row, fieldNames: type.fields, source: type })
      continue
    }
    const fields = type.fields.map((name, index) => ({ name, ...(index === 0 ? { required: true } : {}) }))
    const templates = type.templates.map((template) => ({ name: template.name, front: template.front, back: template.back }))
    const same = await NoteType.query({ client: trx })
      .where('user_id', user.id)
      .where('kind', 'custom')
      .where('name', type.name)
      .whereRaw('fields = ?::jsonb and templates = ?::jsonb', [JSON.stringify(fields), JSON.stringify(templates)])
      .first()
    const row = same ?? await NoteType.create(
      { userId: user.id, kind: 'custom', name: type.name.slice(0, 255), fields, templates, css: type.css, ankiId: /^\d+$/.test(type.key) ? type.key : null },
      { client: trx }
    )
    resolved.set(type.key, { row, fieldNames: type.fields, source: type })
  }
  return resolved
}

/** The note's fields under the product type's names, with media pointing at the stored files. */
function mapFields(type: ResolvedType, note: BundleNote, mediaUrls: Map<string, string>) {
  const target = type.row.definition.fields.map((field) => field.name)
  const values = type.row.kind === 'custom' ? target.map((name) => note.fields[name] ?? '') : type.fieldNames.map((name) => note.fields[name] ?? '')
  const fields: Record<string, string> = {}
  target.forEach((name, index) => {
    let value = values[index] ?? ''
    /* a built-in type with fewer fields than the source's: the rest joins the last field rather than being lost */
    if (index === target.length - 1 && type.row.kind !== 'custom' && values.length > target.length) {
      value = [value, ...values.slice(target.length)].filter(Boolean).join('<br>')
    }
    fields[name] = rewriteMedia(value, mediaUrls)
  })
  return fields
}

function rewriteMedia(html: string, urls: Map<string, string>) {
  return html.replace(MEDIA_REF, (whole, before, src, after, sound) => {
    if (sound !== undefined) {
      const url = urls.get(sound.trim())
      return url ? `<audio controls src="${url}"></audio>` : whole
    }
    const url = urls.get(decodeURIComponent(src))
    return url ? `${before}${url}${after}` : whole
  })
}

/** Stores the media the fields reference; name → the product's URL. */
async function storeMedia(user: User, root: Deck, bundle: ImportBundle, trx: TransactionClientContract, options: WriteOptions, warnings: ImportBundle['warnings']) {
  const urls = new Map<string, string>()
  for (const file of bundle.media) {
    const ext = extname(file.name).slice(1).toLowerCase()
    const kind = MEDIA_EXTENSIONS[ext]
    const mime = kind ? await sniffPath(file.path, kind, ext) : null
    if (!kind || !mime || file.size > mediaLimitOf(kind)) {
      warnings.push({ message: `media_skipped:${file.name}` })
      continue
    }
    const key = `${randomUUID()}.${ext}`
    await drive.use().copyFromFs(file.path, `media/${key}`)
    options.storedKeys.push(`media/${key}`)
    await trx.table('media').insert({
      key, user_id: user.id, deck_id: root.id, kind, mime, original_name: file.name.slice(0, 255), size: file.size,
      created_at: new Date(),
    })
    urls.set(file.name, `/media/${key}`)
  }
  return urls
}

/** The bundle's decks under the import's root: a single top deck is the root itself. */
async function createDecks(root: Deck, bundle: ImportBundle, trx: TransactionClientContract) {
  const ids = new Map<string, number>()
  const tops = bundle.decks.filter((deck) => deck.parentKey === null)
  const now = new Date()
  /* the root's own row is not written here: the job's counters are written to it from outside this transaction */
  if (tops.length === 1) ids.set(tops[0].key, root.id)
  let position = 0
  const pending = bundle.decks.filter((deck) => !ids.has(deck.key))
  /* parents before children, whatever order the reader listed them in */
  while (pending.length) {
    const index = pending.findIndex((deck) => deck.parentKey === null || ids.has(deck.parentKey))
    if (index < 0) break
    const [deck] = pending.splice(index, 1)
    const [row] = await trx
      .table('decks')
      .insert({
        user_id: root.userId, name: deck.name.slice(0, 255) || 'Deck', parent_id: deck.parentKey ? ids.get(deck.parentKey) : root.id,
        root_deck_id: root.id, position: ++position, state: 'active', source: root.source, algorithm_preset: root.algorithmPreset,
        algorithm_type: root.algorithmType, algorithm_settings: JSON.stringify(root.algorithmSettings ?? {}), created_at: now, updated_at: now,
      })
      .returning('id')
    ids.set(deck.key, row.id)
  }
  return ids
}

/** The learner's guids already in the product: a re-import updates these. */
async function existingNotes(user: User, notes: BundleNote[], trx: TransactionClientContract) {
  const map = new Map<string, { id: number; deck_id: number }>()
  for (let start = 0; start < notes.length; start += 5000) {
    const guids = notes.slice(start, start + 5000).map((note) => note.guid).filter(Boolean)
    if (!guids.length) continue
    const rows = await trx.from('notes').where('user_id', user.id).whereIn('guid', guids).select('id', 'guid', 'deck_id')
    for (const row of rows) map.set(row.guid, { id: row.id, deck_id: row.deck_id })
  }
  return map
}

/** The source's scheduling as the importer's own progress, and its review history. */
async function writeProgress(
  user: User,
  created: { note: BundleNote; ords: number[] }[],
  cards: { id: number; note_id: number; ord: number; deck_id: number }[],
  cardsByNote: Map<string, ImportBundle['cards']>,
  bundle: ImportBundle,
  idByGuid: Map<string, number>,
  trx: TransactionClientContract
) {
  const now = new Date()
  const cardId = new Map(cards.map((card) => [`${card.note_id}:${card.ord}`, card]))
  const progressRows: Record<string, unknown>[] = []
  const idOfSourceCard = new Map<string, { id: number; deck_id: number }>()
  for (const { note } of created) {
    const noteId = idByGuid.get(note.guid)
    for (const source of cardsByNote.get(note.key) ?? []) {
      const card = cardId.get(`${noteId}:${source.ord}`)
      if (!card) continue
      idOfSourceCard.set(source.key, card)
      if (!source.progress) continue
      const p = source.progress
      const progress: Progress = {
        state: p.state, dueAt: p.dueAt, intervalDays: p.intervalDays, ease: p.ease, step: p.state === 'learning' || p.state === 'relearning' ? 1 : 0,
        reps: p.reps, lapses: p.lapses, stability: p.stability, difficulty: p.difficulty, lastReviewedAt: p.lastReviewedAt,
      }
      progressRows.push({
        user_id: user.id, card_id: card.id, deck_id: card.deck_id, ...progressColumns(progress), frozen: p.frozen,
        version: 0, created_at: now, updated_at: now,
      })
    }
  }
  for (let start = 0; start < progressRows.length; start += BATCH) await trx.table('card_progress').multiInsert(progressRows.slice(start, start + BATCH))
  const reviews = bundle.reviews.filter((review) => idOfSourceCard.has(review.cardKey))
  const rows = reviews.map((review) => {
    const card = idOfSourceCard.get(review.cardKey)!
    const answer = (['again', 'hard', 'good', 'easy'] as const)[review.rating - 1]
    return {
      user_id: user.id, card_id: card.id, deck_id: card.deck_id, answer, rating: review.rating, kind: review.kind === 'manual' ? 'review' : review.kind,
      state_before: review.kind === 'learn' ? 'learning' : review.kind === 'relearn' ? 'relearning' : 'review', version_before: null,
      interval_before: review.lastIntervalDays, interval_after: review.intervalDays, ease_after: Math.round(review.ease * 1000),
      reviewed_at: review.reviewedAt, study_day: studyDay(review.reviewedAt, user.timezoneOffset ?? 0),
      duration_ms: Math.min(60_000, Math.max(0, Math.round(review.durationMs))), source: 'import',
    }
  })
  for (let start = 0; start < rows.length; start += BATCH) await trx.table('review_logs').multiInsert(rows.slice(start, start + BATCH))
  return rows.length
}
