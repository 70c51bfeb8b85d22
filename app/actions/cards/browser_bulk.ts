import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Infer } from '@vinejs/vine/types'
import type { browserBulkValidator } from '#validators/cards'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { resetProgress } from '#actions/decks/reset_progress'
import { moveNotes } from '#actions/notes/move_notes'
import { setFrozen } from '#actions/notes/freeze_notes'
import { setSuspended } from '#actions/notes/suspend_cards'
import { setFlags } from '#actions/cards/card_flags'
import { selectNotes } from '#actions/notes/select_notes'
import { assertEditable } from '#queries/decks/find_deck'
import { accessibleDeckIds } from '#queries/cards/card_search'
import { withTransaction, type ActionOptions } from '#actions/action'

export type BrowserBulkInput = Infer<typeof browserBulkValidator>

/**
 * The notes by the root deck of their tree, each tree in id order (the one
 * lock order); a note the learner may not see is a 404 for the whole call.
 */
async function notesByTree(user: User, noteIds: number[], client?: QueryClientContract) {
  const wanted = [...new Set(noteIds)]
  const rows = await (client ?? db)
    .from('notes as n')
    .join('decks as d', 'd.id', 'n.deck_id')
    .whereIn('n.id', wanted)
    .whereIn('d.id', await accessibleDeckIds(user, client))
    .select('n.id', db.raw('coalesce(d.root_deck_id, d.id) as root_id'))
  if (rows.length !== wanted.length) throw ApiException.notFound()
  const byTree = new Map<number, number[]>()
  for (const row of rows) byTree.set(row.root_id, [...(byTree.get(row.root_id) ?? []), row.id])
  return [...byTree].sort(([a], [b]) => a - b)
}

/**
 * The browser's flag: set (1-7) or cleared (0) on the checked cards, each a
 * card the learner may see (any other is a 404 for the whole call). A flag
 * is the learner's own mark, so seeing the deck is enough.
 */
async function flagCards(user: User, input: BrowserBulkInput, options: ActionOptions) {
  const cardIds = [...new Set(input.card_ids ?? [])]
  if (input.flag === undefined)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'flag_missing', field: 'flag' })
  if (!cardIds.length)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'no_notes_selected', field: 'card_ids' })
  return withTransaction(options.trx, async (trx) => {
    const found = await trx
      .from('cards')
      .whereIn('id', cardIds)
      .whereIn('deck_id', await accessibleDeckIds(user, trx))
      .count('* as count')
    if (Number(found[0].count) !== cardIds.length) throw ApiException.notFound()
    await setFlags(user.id, cardIds, input.flag!, trx)
    return { count: cardIds.length, processing: false }
  })
}

/* adds the tag to each note that lacks it (the same letters in another case count as the same tag) */
async function addTag(noteIds: number[], tag: string, trx: TransactionClientContract) {
  await trx.rawQuery(
    `update notes set tags = tags || jsonb_build_array(?::text), updated_at = now()
     where id = any(?) and not exists (select 1 from jsonb_array_elements_text(tags) t where lower(t) = lower(?))`,
    [tag, noteIds, tag]
  )
}

/**
 * A bulk action from the card browser, on notes of any of the learner's decks:
 * the same building blocks as notes/bulk_action (select_notes, freeze_notes,
 * suspend_cards, reset_progress, move_notes), each tree checked through its
 * deck as there. Everything but a move is one transaction over all the trees;
 * a move is a job per tree, as on a deck page. Answers how many notes (how
 * many cards for a flag, which is set on the checked cards themselves).
 */
export async function browserBulk(
  user: User,
  input: BrowserBulkInput,
  options: ActionOptions = {}
) {
  const { bulk_action: action, note_ids: noteIds, destination_deck_id: destinationId, tag } = input
  if (action === 'flag') return flagCards(user, input, options)
  if (action === 'move' && !destinationId) {
    throw ApiException.of('E_VALIDATION_ERROR', {
      key: 'destination_missing',
      field: 'destination_deck_id',
    })
  }
  if (action === 'tag' && !tag)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'tag_missing', field: 'tag' })
  if (!noteIds.length)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'no_notes_selected', field: 'note_ids' })
  const trees = await notesByTree(user, noteIds, options.trx)
  if (action === 'move') {
    let moved = 0
    for (const [rootId, ids] of trees) {
      const result = await moveNotes(
        user,
        { deck_id: rootId, ids, destination_deck_id: destinationId! },
        options
      )
      moved += result.moved
    }
    return { count: moved, processing: moved > 0 }
  }
  return withTransaction(options.trx, async (trx) => {
    for (const [rootId, ids] of trees) {
      const { deck, noteIds: selected } = await selectNotes(
        user,
        { deck_id: rootId, ids },
        trx,
        action === 'tag' ? 'edit' : 'view'
      )
      assertEditable(deck)
      if (action === 'freeze' || action === 'unfreeze')
        await setFrozen(user.id, selected, action === 'freeze', trx)
      else if (action === 'suspend' || action === 'unsuspend')
        await setSuspended(user.id, selected, action === 'suspend', trx)
      else if (action === 'tag') await addTag(selected, tag!, trx)
      else {
        const cards = await trx.from('cards').whereIn('note_id', selected).select('id')
        const cardIds = cards.map((row) => row.id as number)
        await resetProgress(user, { id: deck.id, cardIds }, { trx })
      }
    }
    return { count: trees.reduce((sum, [, ids]) => sum + ids.length, 0), processing: false }
  })
}
