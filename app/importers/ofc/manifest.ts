import {
  ImportError,
  type BundleDeck,
  type BundleNote,
  type BundleNoteType,
} from '#importers/bundle'
import { OFC_FORMAT, OFC_VERSION } from '#importers/ofc/format'
import {
  arr,
  bool,
  date,
  fail,
  num,
  obj,
  readCard,
  readDeck,
  readMediaEntry,
  readNote,
  readNoteType,
  readReview,
  uniqueKey,
} from '#importers/ofc/manifest_items'

/* the kinds whose ord is a template index (cloze counts deletions, occlusion mask groups) */
const TEMPLATE_ORD_KINDS = new Set(['basic', 'reversed', 'type_in'])

/* "version" first: a newer file is refused as newer, even if its shape changed */
function checkVersion(manifest: Record<string, unknown>) {
  if (manifest.format !== OFC_FORMAT) fail('manifest.format', `expected "${OFC_FORMAT}"`)
  const version = num(manifest.version, 'manifest.version', { integer: true, min: 1 })
  if (version > OFC_VERSION) {
    throw new ImportError(
      'import_wrong_schema',
      `This file was made by a newer version of Mnemo (format version ${version}; this one reads up to ${OFC_VERSION})`
    )
  }
}

/**
 * Checks a manifest's types and references; throws Invalid with the path of
 * the first problem. Returns the bundle's lists and the media entries.
 */
export function readManifest(value: unknown) {
  const m = obj(value, 'manifest')
  checkVersion(m)
  date(m.exportedAt, 'manifest.exportedAt')
  const includesProgress = bool(m.includesProgress, 'manifest.includesProgress')

  const noteTypes = arr(m.noteTypes, 'manifest.noteTypes').map((v, i) =>
    readNoteType(v, `manifest.noteTypes[${i}]`)
  )
  const decks = arr(m.decks, 'manifest.decks').map((v, i) => readDeck(v, `manifest.decks[${i}]`))
  const notes = arr(m.notes, 'manifest.notes').map((v, i) => readNote(v, `manifest.notes[${i}]`))
  const cards = arr(m.cards, 'manifest.cards').map((v, i) =>
    readCard(v, `manifest.cards[${i}]`, includesProgress)
  )
  const reviews =
    includesProgress && m.reviews !== undefined
      ? arr(m.reviews, 'manifest.reviews').map((v, i) => readReview(v, `manifest.reviews[${i}]`))
      : []
  const media = arr(m.media, 'manifest.media').map((v, i) =>
    readMediaEntry(v, `manifest.media[${i}]`)
  )
  const manifest = { includesProgress, noteTypes, decks, notes, cards, reviews, media }
  checkReferences(manifest)
  return manifest
}

type Lists = Omit<ReturnType<typeof readManifest>, 'includesProgress'>

/** Keys unique within their list, every reference resolving, the deck tree without cycles. */
function checkReferences({ noteTypes, decks, notes, cards, reviews, media }: Lists) {
  const typeByKey = new Map<string, BundleNoteType>()
  noteTypes.forEach((type, i) => {
    if (typeByKey.has(type.key)) fail(`manifest.noteTypes[${i}].key`, `duplicate key "${type.key}"`)
    typeByKey.set(type.key, type)
  })
  const deckByKey = checkDecks(decks)
  const noteByKey = new Map<string, BundleNote>()
  const guids = new Set<string>()
  notes.forEach((note, i) => {
    const path = `manifest.notes[${i}]`
    if (noteByKey.has(note.key)) fail(`${path}.key`, `duplicate key "${note.key}"`)
    noteByKey.set(note.key, note)
    uniqueKey(guids, note.guid, `${path}.guid`)
    if (!typeByKey.has(note.noteTypeKey))
      fail(`${path}.noteTypeKey`, `unknown note type "${note.noteTypeKey}"`)
    if (!deckByKey.has(note.deckKey)) fail(`${path}.deckKey`, `unknown deck "${note.deckKey}"`)
  })
  const cardKeys = new Set<string>()
  const noteOrds = new Set<string>()
  cards.forEach((card, i) => {
    const path = `manifest.cards[${i}]`
    uniqueKey(cardKeys, card.key, `${path}.key`)
    const note = noteByKey.get(card.noteKey)
    if (!note) fail(`${path}.noteKey`, `unknown note "${card.noteKey}"`)
    if (!deckByKey.has(card.deckKey)) fail(`${path}.deckKey`, `unknown deck "${card.deckKey}"`)
    const type = typeByKey.get(note.noteTypeKey)!
    if (TEMPLATE_ORD_KINDS.has(type.kind) && card.ord >= type.templates.length) {
      fail(`${path}.ord`, `note type "${type.key}" has ${type.templates.length} template(s)`)
    }
    uniqueKey(noteOrds, `${card.noteKey}\u0000${card.ord}`, `${path}.ord`)
  })
  reviews.forEach((review, i) => {
    if (!cardKeys.has(review.cardKey))
      fail(`manifest.reviews[${i}].cardKey`, `unknown card "${review.cardKey}"`)
  })
  const names = new Set<string>()
  const files = new Set<string>()
  media.forEach((entry, i) => {
    uniqueKey(names, entry.name, `manifest.media[${i}].name`)
    uniqueKey(files, entry.file, `manifest.media[${i}].file`)
  })
}

function checkDecks(decks: BundleDeck[]): Map<string, BundleDeck> {
  const deckByKey = new Map<string, BundleDeck>()
  decks.forEach((deck, i) => {
    if (deckByKey.has(deck.key)) fail(`manifest.decks[${i}].key`, `duplicate key "${deck.key}"`)
    deckByKey.set(deck.key, deck)
  })
  decks.forEach((deck, i) => {
    if (deck.parentKey !== null && !deckByKey.has(deck.parentKey)) {
      fail(`manifest.decks[${i}].parentKey`, `unknown deck "${deck.parentKey}"`)
    }
    /* walking up must reach a top deck */
    const seen = new Set<string>()
    for (
      let at: BundleDeck | undefined = deck;
      at && at.parentKey !== null;
      at = deckByKey.get(at.parentKey)
    ) {
      if (seen.has(at.key)) fail(`manifest.decks[${i}].parentKey`, 'the deck tree has a cycle')
      seen.add(at.key)
    }
  })
  return deckByKey
}
