import type { Job } from 'bullmq'
import type { Infer } from '@vinejs/vine/types'
import type { duplicateDeckValidator } from '#validators/content'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import type User from '#models/user'
import { createDeck } from '#actions/decks/create_deck'
import { withTransaction, type ActionOptions } from '#actions/action'
import { createDeckRow } from '#actions/decks/deck_row'
import { runDeckJob, startDeckJob } from '#actions/decks/deck_jobs'
import { copyNotes } from '#actions/notes/copy_notes'
import { assertGuestRoomFor } from '#actions/decks/guest_card_limit'
import { copyNameFor, namesBeside } from '#actions/decks/copy_name'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { cardsIn } from '#queries/decks/deck_cards'
import { assertFitsUnder, heightOf } from '#actions/decks/deck_depth'
import type { JobPayload } from '#services/queue'

/**
 * The validated body, the deck's id, and the request's language (for the copy's name, when the learner has not
 * chosen one).
 */
export type DuplicateDeckInput = Infer<typeof duplicateDeckValidator> & {
  id: unknown
  locale?: string
}

/**
 * A copy with the same subdecks (under their own names) and notes, as a
 * root deck (in a folder) or inside a destination deck, named so that the
 * two can be told apart ("Spanish (copy)", see copy_name.ts). The copy
 * appears at once in state `duplicating` and fills in the background.
 */
export async function duplicateDeck(
  user: User,
  input: DuplicateDeckInput,
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const source = await findDeck(user, input.id, trx, 'edit')
    const ids = await subtreeIds(source.id, trx)
    if (input.destination_id) {
      const destination = await findDeck(user, input.destination_id, trx, 'edit')
      /* a copy inside the original would copy itself */
      if (ids.includes(destination.id))
        throw ApiException.of('E_DECK_MOVE_CYCLE', { apiField: 'destination_id' })
      if (
        destination.algorithmType !== source.algorithmType ||
        destination.algorithmPreset !== source.algorithmPreset
      ) {
        throw ApiException.of('E_DIFFERENT_ALGORITHMS', { apiField: 'destination_id' })
      }
      await assertFitsUnder(destination.id, await heightOf(source.id, trx), 'destination_id', trx)
    }
    const noteCount = await trx.from('notes').whereIn('deck_id', ids).count('* as count').first()
    const total = Number(noteCount.count)
    const beside = await namesBeside(user.id, input.destination_id ?? null, trx)
    const name = copyNameFor(source.name, beside, user.locale ?? input.locale ?? 'en')
    const copy = await createDeck(
      user,
      {
        name,
        parent_id: input.destination_id ?? null,
        folder_id: input.destination_id
          ? null
          : (input.folder_id ?? (source.userId === user.id ? source.folderId : null)),
      },
      { trx, parentField: 'destination_id' }
    )
    copy.merge({
      algorithmPreset: source.algorithmPreset,
      algorithmType: source.algorithmType,
      algorithmSettings: source.algorithmSettings,
      newCardsPerDay: source.newCardsPerDay,
      maxCardsPerDay: source.maxCardsPerDay,
      fontSettings: source.fontSettings,
      shuffleCardsEnabled: source.shuffleCardsEnabled,
      source: source.source,
      clonedFromId: source.id,
    })
    /* a guest's copy counts against their created cards (guest_card_limit.ts), refused before the job starts */
    const cards = await cardsIn(trx, ids)
    await assertGuestRoomFor(copy.id, cards, trx)
    await startDeckJob(
      copy,
      'duplicating',
      total,
      'duplicate_deck',
      { sourceId: source.id, userId: user.id, keepProgress: Boolean(input.keep_progress) },
      trx
    )
    return copy
  })
}

/** The job: copies the source tree into the copy, subdecks first created empty. */
export async function runDuplicateDeck(payload: JobPayload<'duplicate_deck'>, job: Job) {
  await runDeckJob(job, payload.deckId, async (trx, progress) => {
    let done = 0
    const copyTree = async (sourceId: number, copyId: number) => {
      const notes = await trx.from('notes').where('deck_id', sourceId).select('id').orderBy('id')
      const noteIds = notes.map((row) => row.id)
      const base = done
      done += await copyNotes(
        noteIds,
        copyId,
        {
          keepProgressOf: payload.keepProgress ? payload.userId : undefined,
          onBatch: (count) => progress(base + count),
        },
        trx
      )
      const children = await Deck.query({ client: trx })
        .where('parent_id', sourceId)
        .orderBy('position')
        .orderBy('id')
      const copy = await Deck.query({ client: trx }).where('id', copyId).firstOrFail()
      for (const child of children) {
        const childCopy = await createDeckRow(
          {
            userId: copy.userId,
            parent: copy,
            name: child.name,
            position: child.position,
            source: child.source,
            fontSettings: child.fontSettings,
          },
          trx
        )
        await copyTree(child.id, childCopy.id)
      }
    }
    await copyTree(payload.sourceId, payload.deckId)
    return { count: done }
  })
}
