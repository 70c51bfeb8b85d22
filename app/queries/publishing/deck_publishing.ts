import db from '@adonisjs/lucid/services/db'
import type Deck from '#models/deck'
import { libraryUrl } from '#services/urls/library_link'

type Changes = { createdCount: number; updatedCount: number; deletedCount: number }

/** The author's side: the deck's library entry and its latest revision (what the publishing panel shows). */
type PublicDeckJson = {
  id: number
  url: string
  name: string
  description: string
  status: 'pending' | 'approved'
  deckRevisionId: number
  revisionStatus: 'pending' | 'approved' | 'rejected' | 'unpublished' | null
  reason: string | null
  unpublishedAt: string | null
}

/** The learner's side: a newer approved revision of the library deck their clone came from. */
type LibraryUpdateJson = { revisionId: number; version: number; changes: Changes }

export type DeckPublishing = {
  publicDeck: PublicDeckJson | null
  libraryUpdate: LibraryUpdateJson | null
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/* each public deck with its latest revision, in one statement */
async function publicDecksOf(ids: number[]) {
  const rows = await db
    .from('public_decks as p')
    .whereIn('p.deck_id', ids)
    .joinRaw(
      'left join lateral (select r.id, r.status, r.reason from deck_revisions r where r.public_deck_id = p.id ' +
        'order by r.version desc, r.id desc limit 1) latest on true'
    )
    .select(
      'p.*',
      'latest.id as latest_id',
      'latest.status as latest_status',
      'latest.reason as latest_reason'
    )
  return new Map<number, PublicDeckJson>(
    rows.map((row) => [
      row.deck_id,
      {
        id: row.id,
        url: libraryUrl(row.slug),
        name: row.name,
        description: row.description,
        status: row.status,
        deckRevisionId: row.latest_id ?? row.current_revision_id ?? 0,
        revisionStatus: row.latest_status ?? null,
        reason: row.latest_status === 'rejected' ? row.latest_reason : null,
        unpublishedAt: iso(row.unpublished_at),
      },
    ])
  )
}

/* clones whose library deck (still in the library) has an approved revision newer than theirs, in one statement */
async function libraryUpdatesOf(ids: number[]) {
  const rows = await db
    .from('library_clones as c')
    .join('public_decks as p', 'p.id', 'c.public_deck_id')
    .join('deck_revisions as r', 'r.id', 'p.current_revision_id')
    .whereIn('c.deck_id', ids)
    .where('p.status', 'approved')
    .whereNull('p.unpublished_at')
    .whereColumn('p.current_revision_id', '<>', 'c.revision_id')
    .select(
      'c.deck_id',
      'r.id',
      'r.version',
      'r.created_count',
      'r.updated_count',
      'r.deleted_count'
    )
  return new Map<number, LibraryUpdateJson>(
    rows.map((row) => [
      row.deck_id,
      {
        revisionId: row.id,
        version: row.version,
        changes: {
          createdCount: row.created_count,
          updatedCount: row.updated_count,
          deletedCount: row.deleted_count,
        },
      },
    ])
  )
}

/**
 * Sets `publicDeck` and `libraryUpdate` on root decks (a subdeck is never
 * published or cloned alone) for DeckTransformer, in two statements
 * however many decks there are.
 */
export async function loadPublishing(decks: Deck[]) {
  const roots = decks.filter((deck) => deck.isRootDeck)
  if (!roots.length) return
  const ids = roots.map((deck) => deck.id)
  const [published, updates] = await Promise.all([publicDecksOf(ids), libraryUpdatesOf(ids)])
  for (const deck of roots) {
    const publishing: DeckPublishing = {
      publicDeck: published.get(deck.id) ?? null,
      libraryUpdate: updates.get(deck.id) ?? null,
    }
    deck.$extras.publishing = publishing
  }
}
