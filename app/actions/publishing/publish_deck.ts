import type { Infer } from '@vinejs/vine/types'
import type { publishDeckValidator } from '#validators/publishing'
import { setPublicDeckCategory } from '#actions/library/set_public_deck_category'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import publishingConfig from '#config/publishing'
import ApiException from '#exceptions/api_exception'
import type Deck from '#models/deck'
import DeckRevision from '#models/deck_revision'
import PublicDeck from '#models/public_deck'
import type User from '#models/user'
import { htmlToPlainText } from '#note_types/plain_text'
import { assertEditable, findDeck } from '#queries/decks/find_deck'
import { insertRows } from '#actions/imports/insert_rows'
import { changesBetween, snapshotTree, type SnapshotNote } from '#actions/publishing/snapshot'
import { uniqueSlug } from '#actions/publishing/slug'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * The validated body (the category and subcategory keys left out: the deck stays where it was filed) and the
 * deck's id.
 */
export type PublishDeckInput = Infer<typeof publishDeckValidator> & { id: unknown }

/** The publishing rules (spec 001 §5), checked before anything is written. */
function assertPublishable(deck: Deck, notes: SnapshotNote[], description: string) {
  if (!deck.isRootDeck) throw ApiException.of('E_SUBDECK_NOT_PUBLISHABLE', { apiField: 'id' })
  const cards = notes.reduce((sum, note) => sum + note.cards_count, 0)
  if (cards < publishingConfig.minCards) {
    throw ApiException.of('E_TOO_FEW_CARDS', {
      values: { min: publishingConfig.minCards, count: cards },
      apiField: 'id',
    })
  }
  if (description.length < publishingConfig.minDescriptionLength) {
    throw ApiException.of('E_DESCRIPTION_TOO_SHORT', {
      values: { min: publishingConfig.minDescriptionLength },
      field: 'description',
    })
  }
}

async function publicDeckFor(
  deck: Deck,
  input: { name: string; description: string },
  trx: TransactionClientContract
) {
  const existing = await PublicDeck.query({ client: trx })
    .where('deck_id', deck.id)
    .forUpdate()
    .first()
  if (existing) return existing
  const slug = await uniqueSlug(input.name, trx)
  return PublicDeck.create(
    {
      deckId: deck.id,
      userId: deck.userId,
      slug,
      name: input.name,
      description: input.description,
      status: 'pending',
    },
    { client: trx }
  )
}

/**
 * Submits a root deck for review: its whole tree's notes are frozen into a
 * new pending revision (version n + 1), with what changed since the last
 * approved one, in one transaction. A revision still pending is superseded:
 * it is deleted and the new one takes its version, so a retried or
 * corrected submission leaves one revision in the moderators' queue.
 */
export async function publishDeck(
  user: User,
  input: PublishDeckInput,
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const deck = await findDeck(user, input.id, trx, 'manage')
    assertEditable(deck)
    const description = htmlToPlainText(input.description).trim()
    const notes = await snapshotTree(deck.id, trx)
    assertPublishable(deck, notes, description)
    const publicDeck = await publicDeckFor(deck, { name: input.name, description }, trx)
    /* an unknown key is a 422 that rolls the whole submission back */
    if (input.category)
      await setPublicDeckCategory(
        { publicDeckId: publicDeck.id, category: input.category, subcategory: input.subcategory },
        { trx }
      )
    await DeckRevision.query({ client: trx })
      .where('public_deck_id', publicDeck.id)
      .where('status', 'pending')
      .delete()
    const last = await trx
      .from('deck_revisions')
      .where('public_deck_id', publicDeck.id)
      .max('version as max')
      .first()
    const base = publicDeck.currentRevisionId
      ? await trx
          .from('library_notes')
          .where('revision_id', publicDeck.currentRevisionId)
          .select(
            'guid',
            'deck_path',
            'note_type_id',
            'fields',
            'field_attachments_map',
            'tags',
            'is_reversed'
          )
      : []
    const revision = await DeckRevision.create(
      {
        publicDeckId: publicDeck.id,
        deckId: deck.id,
        userId: user.id,
        version: (Number(last?.max) || 0) + 1,
        status: 'pending',
        name: input.name,
        description,
        ...changesBetween(base, notes),
      },
      { client: trx }
    )
    await insertRows(
      trx,
      'library_notes',
      notes.map((note) => ({ ...note, revision_id: revision.id, public_deck_id: publicDeck.id }))
    )
    return revision
  })
}
