import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { seedLibraryCategories } from '#database/library_categories'
import { setPublicDeckCategory } from '#actions/library/set_public_deck_category'

/*
 * Library decks for tests, written straight into the tables the publish flow
 * fills (public_decks, an approved deck_revisions row, its library_notes):
 * the library reads what is there, whoever wrote it. The categories are the
 * migration's taxonomy (resetState empties every table: seed them again).
 */

type NoteSpec = { front: string; back: string } | string

export interface PublishOptions {
  name: string
  description?: string
  notes?: NoteSpec[]
  /** [category key, subcategory key] */
  category?: [string, string]
  /** pending: submitted, never approved; unpublished: approved, then withdrawn */
  state?: 'approved' | 'pending' | 'unpublished'
  slug?: string
  downloads?: number
  studiers?: number
  isIndexable?: boolean
  approvedAt?: Date
}

export const seedCategories = () => seedLibraryCategories(db)

const slugOf = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${Math.random().toString(36).slice(2, 7)}`
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

export async function publishDeck(author: User, options: PublishOptions) {
  const state = options.state ?? 'approved'
  const now = new Date()
  const description = options.description ?? `A deck about ${options.name}.`
  const notes = (options.notes ?? ['one', 'two', 'three']).map((note, index) =>
    typeof note === 'string'
      ? { front: `${note} front ${index + 1}`, back: `${note} back ${index + 1}` }
      : note
  )
  const [deck] = await db
    .table('decks')
    .insert({
      user_id: author.id,
      name: options.name,
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  await db.from('decks').where('id', deck.id).update({ root_deck_id: deck.id })
  const [publicDeck] = await db
    .table('public_decks')
    .insert({
      deck_id: deck.id,
      user_id: author.id,
      slug: options.slug ?? slugOf(options.name),
      name: options.name,
      description,
      status: state === 'pending' ? 'pending' : 'approved',
      is_indexable: options.isIndexable ?? true,
      notes_count: notes.length,
      cards_count: notes.length,
      downloads_count: options.downloads ?? 0,
      studiers_count: options.studiers ?? 0,
      approved_at: state === 'pending' ? null : (options.approvedAt ?? now),
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'slug'])
  const [revision] = await db
    .table('deck_revisions')
    .insert({
      public_deck_id: publicDeck.id,
      deck_id: deck.id,
      user_id: author.id,
      version: 1,
      status: state === 'pending' ? 'pending' : state,
      name: options.name,
      description,
      created_count: notes.length,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  const basic = (
    await db.from('note_types').whereNull('user_id').where('kind', 'basic').firstOrFail()
  ).id
  if (notes.length) {
    await db.table('library_notes').multiInsert(
      notes.map((note, index) => ({
        revision_id: revision.id,
        public_deck_id: publicDeck.id,
        guid: `guid-${publicDeck.id}-${index}`,
        note_type_id: basic,
        fields: JSON.stringify({ Front: note.front, Back: note.back }),
        sort_text: plain(note.front),
        search_text: `${plain(note.front)} ${plain(note.back)}`,
        has_image: /<img/i.test(note.front + note.back),
        position: index,
      }))
    )
  }
  if (state !== 'pending') {
    await db
      .from('public_decks')
      .where('id', publicDeck.id)
      .update({
        current_revision_id: revision.id,
        unpublished_at: state === 'unpublished' ? now : null,
      })
  }
  if (options.category)
    await setPublicDeckCategory({
      publicDeckId: publicDeck.id,
      category: options.category[0],
      subcategory: options.category[1],
    })
  return {
    id: publicDeck.id as number,
    slug: publicDeck.slug as string,
    deckId: deck.id as number,
    revisionId: revision.id as number,
  }
}

/** A clone of a library deck by `user` (what publishing's clone writes), `daysAgo` days ago: trending counts these. */
export async function recordClone(user: User, publicDeckId: number, daysAgo = 0) {
  const { revision_id: revisionId } = await db
    .from('public_decks')
    .where('id', publicDeckId)
    .select('current_revision_id as revision_id')
    .firstOrFail()
  const at = new Date(Date.now() - daysAgo * 86_400_000)
  const [deck] = await db
    .table('decks')
    .insert({ user_id: user.id, name: 'Clone', position: 0, created_at: at, updated_at: at })
    .returning('id')
  await db.table('library_clones').insert({
    public_deck_id: publicDeckId,
    user_id: user.id,
    deck_id: deck.id,
    revision_id: revisionId,
    created_at: at,
  })
}
