import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import User from '#models/user'
import { isTokenShaped } from '#services/urls/sharing_link'

/** The root deck a live sharing token opens; an unknown, malformed or dead token (sharing stopped) is a 404. */
export async function findSharedDeck(token: unknown, trx?: TransactionClientContract) {
  if (!isTokenShaped(token)) throw ApiException.notFound()
  const query = Deck.query({ client: trx })
    .where('sharing_token', token)
    .where('sharing_enabled', true)
    .whereNull('parent_id')
  if (trx) query.forUpdate()
  const deck = await query.first()
  if (!deck) throw ApiException.notFound()
  return deck
}

type SharedTreeRow = {
  id: number
  name: string
  parentId: number | null
  notesCount: number
  cardsCount: number
}

/**
 * What anyone holding the link sees of a shared deck: its owner, its
 * subdecks with their note and card counts (one read), and whether the
 * reader (null: signed out) owns it or studies it already.
 */
export async function sharedDeckView(reader: { id: number } | null, deck: Deck) {
  const [owner, tree, membership] = await Promise.all([
    User.findOrFail(deck.userId),
    db.rawQuery(
      `select d.id, d.name, d.parent_id,
         (select count(*)::int from notes n where n.deck_id = d.id) as notes_count,
         (select count(*)::int from cards c where c.deck_id = d.id) as cards_count
       from decks d where d.root_deck_id = ? order by d.position, d.id`,
      [deck.id]
    ),
    reader
      ? db
          .from('deck_collaborators')
          .where({ deck_id: deck.id, user_id: reader.id, state: 'active' })
          .first()
      : Promise.resolve(null),
  ])
  const rows: SharedTreeRow[] = tree.rows.map((row: any) => ({
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    notesCount: row.notes_count,
    cardsCount: row.cards_count,
  }))
  const isOwner = reader?.id === deck.userId
  return { deck, owner, rows, isOwner, isLearning: isOwner || Boolean(membership) }
}

export type SharedDeckView = Awaited<ReturnType<typeof sharedDeckView>>
