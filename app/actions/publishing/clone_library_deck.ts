import type { Infer } from '@vinejs/vine/types'
import type { cloneDeckValidator } from '#validators/publishing'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import publishingConfig from '#config/publishing'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import LibraryClone from '#models/library_clone'
import LibraryNote from '#models/library_note'
import PublicDeck from '#models/public_deck'
import type User from '#models/user'
import { idParam } from '#queries/decks/find_deck'
import { createDeckRow } from '#actions/decks/deck_row'
import { nextPosition } from '#actions/decks/positions'
import { CloneTree, insertLibraryNotes } from '#actions/publishing/library_tree'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * The validated body (`deck_id` is the library deck's) and the copy's exam
 * date (the onboarding's, for the deck it suggested: save_onboarding.ts).
 */
export type CloneLibraryDeckInput = Infer<typeof cloneDeckValidator> & { exam_date?: string | null }

/** A library deck the library shows (approved, not unpublished), locked; anything else is a 404. */
async function findPublishedDeck(id: unknown, trx: TransactionClientContract) {
  const publicDeck = await PublicDeck.query({ client: trx })
    .withScopes((s) => s.published())
    .where('id', idParam(id))
    .forUpdate()
    .first()
  if (!publicDeck) throw ApiException.notFound()
  return publicDeck
}

/**
 * A learner's own copy of a library deck: a new root deck (source
 * `cloned_from_published_deck`, clonedFromId = the public deck's id) with
 * the current approved revision's notes, each remembering its library note,
 * and the subdecks rebuilt from their paths. A retried request (the same
 * learner, the same library deck, within a minute, the copy still there)
 * answers the copy already made instead of a second one.
 */
export async function cloneLibraryDeck(
  user: User,
  input: CloneLibraryDeckInput,
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const publicDeck = await findPublishedDeck(input.deck_id, trx)
    const recent = await LibraryClone.query({ client: trx })
      .where('public_deck_id', publicDeck.id)
      .where('user_id', user.id)
      .where(
        'created_at',
        '>',
        DateTime.now().minus({ seconds: publishingConfig.cloneRetryWindowSeconds }).toJSDate()
      )
      .orderBy('id', 'desc')
      .first()
    if (recent)
      return {
        deck: await Deck.query({ client: trx }).where('id', recent.deckId).firstOrFail(),
        created: false,
      }

    const position = await nextPosition(trx, user.id, { table: 'decks', parentId: null })
    const root = await createDeckRow(
      { userId: user.id, name: publicDeck.name, position, source: 'cloned_from_published_deck' },
      trx
    )
    root.clonedFromId = publicDeck.id
    if (input.exam_date) root.examDate = input.exam_date
    await root.useTransaction(trx).save()
    const notes = await LibraryNote.query({ client: trx })
      .where('revision_id', publicDeck.currentRevisionId!)
      .orderBy('position')
      .orderBy('id')
    await insertLibraryNotes(await CloneTree.load(root, trx), user.id, notes, trx)
    await LibraryClone.create(
      {
        publicDeckId: publicDeck.id,
        userId: user.id,
        deckId: root.id,
        revisionId: publicDeck.currentRevisionId!,
        searchQuery: input.search_query?.trim() || null,
      },
      { client: trx }
    )
    await trx.from('public_decks').where('id', publicDeck.id).increment('downloads_count', 1)
    /* read back: the row's database defaults (fonts, limits) are not on the model just made */
    return {
      deck: await Deck.query({ client: trx }).where('id', root.id).firstOrFail(),
      created: true,
    }
  })
}
