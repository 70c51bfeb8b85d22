import type {
  BundleCard,
  BundleDeck,
  BundleFormat,
  BundleMedia,
  BundleNote,
  BundleNoteType,
  BundleReview,
  ImportBundle,
} from '#importers/bundle'

/*
 * A bundle as the import job writes it: what is small (note types, the deck
 * tree, media files on disk) at once, and the notes with their cards and
 * review history in batches, read while they are written, so a package of
 * any size takes the same memory. The Anki reader streams its collection
 * this way (anki/read_package.ts); the readers whose files are parsed whole
 * (text, .ofc) hand over their bundle through bundleSource().
 */

/** Notes with all their cards, and those cards' answers: what the writer takes at once. */
export interface NoteBatch {
  notes: BundleNote[]
  /** the notes' cards, a note's lowest ord first */
  cards: BundleCard[]
  /**
   * the cards' answers, oldest first, read as they are taken: at most once,
   * before the next batch is asked for (a card studied for years has
   * thousands)
   */
  reviews: Iterable<BundleReview>
}

export interface BundleSource {
  format: BundleFormat
  noteTypes: BundleNoteType[]
  decks: BundleDeck[]
  media: BundleMedia[]
  /** how many notes the batches hold (the progress total) */
  noteCount: number
  /** the notes in the source's order, `size` at a time; read once */
  batches(size: number): Iterable<NoteBatch> | AsyncIterable<NoteBatch>
  /** what the reader skipped or changed: complete once every batch has been read */
  warnings(): ImportBundle['warnings']
  /** releases what the reader holds open (its collection file) */
  close(): void
}

/** A bundle read whole, handed over in batches. */
export function bundleSource(bundle: ImportBundle): BundleSource {
  const { format, noteTypes, decks, media } = bundle
  return {
    format,
    noteTypes,
    decks,
    media,
    noteCount: bundle.notes.length,
    batches: (size) => batchesOf(bundle, size),
    warnings: () => bundle.warnings,
    close: () => {},
  }
}

function* batchesOf(bundle: ImportBundle, size: number): Generator<NoteBatch> {
  const cardsByNote = new Map<string, BundleCard[]>()
  for (const card of bundle.cards) {
    const list = cardsByNote.get(card.noteKey)
    if (list) list.push(card)
    else cardsByNote.set(card.noteKey, [card])
  }
  /* each answer goes with the batch of its card's note, in the bundle's order */
  const batchOfCard = new Map<string, number>()
  bundle.notes.forEach((note, index) => {
    for (const card of cardsByNote.get(note.key) ?? [])
      batchOfCard.set(card.key, Math.floor(index / size))
  })
  const reviews: BundleReview[][] = Array.from(
    { length: Math.ceil(bundle.notes.length / size) },
    () => []
  )
  for (const review of bundle.reviews) {
    const batch = batchOfCard.get(review.cardKey)
    if (batch !== undefined) reviews[batch].push(review)
  }
  for (let start = 0; start < bundle.notes.length; start += size) {
    const notes = bundle.notes.slice(start, start + size)
    const keys = new Set(notes.map((note) => note.key))
    yield {
      notes,
      cards: [...keys].flatMap((key) => cardsByNote.get(key) ?? []),
      reviews: reviews[start / size],
    }
  }
}

/**
 * Every batch of a source read into one bundle, the answers batch after batch (the readers' tests, and whoever
 * needs it whole); closes the source.
 */
export async function collectBundle(source: BundleSource, size = 1000): Promise<ImportBundle> {
  const notes: BundleNote[] = []
  const cards: BundleCard[] = []
  const reviews: BundleReview[] = []
  try {
    for await (const batch of source.batches(size)) {
      notes.push(...batch.notes)
      cards.push(...batch.cards)
      for (const review of batch.reviews) reviews.push(review)
    }
  } finally {
    source.close()
  }
  const { format, noteTypes, decks, media } = source
  return { format, noteTypes, decks, notes, cards, reviews, media, warnings: source.warnings() }
}
