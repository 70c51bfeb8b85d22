import type { HttpContext } from '@adonisjs/core/http'
import { createDeck } from '#actions/decks/create_deck'
import { updateDeck } from '#actions/decks/update_deck'
import { deleteDeck } from '#actions/decks/delete_deck'
import { duplicateDeck } from '#actions/decks/duplicate_deck'
import { moveDeck } from '#actions/decks/move_deck'
import { resetProgress } from '#actions/decks/reset_progress'
import { reportDeck } from '#actions/decks/report_deck'
import { reorder } from '#actions/decks/reorder_decks'
import { findDeck } from '#queries/decks/find_deck'
import {
  activeDecks,
  listDecks,
  pollingDecks,
  showDeck,
  type DeckList,
} from '#queries/decks/list_decks'
import { jsonInSlices } from '#services/in_slices'
import DeckTransformer from '#transformers/deck_transformer'
import DeckJobTransformer from '#transformers/deck_job_transformer'
import DeckListTransformer from '#transformers/deck_list_transformer'
import ReportFiledTransformer from '#transformers/report_filed_transformer'
import DeckTreeTransformer from '#transformers/deck_tree_transformer'
import LightDeckListTransformer from '#transformers/light_deck_list_transformer'
import { serialize } from '#transformers/serialize'
import {
  createDeckValidator,
  duplicateDeckValidator,
  listDecksValidator,
  moveDeckValidator,
  reorderDecksValidator,
  reportDeckValidator,
  updateDeckValidator,
} from '#validators/content'

/* a list of thousands of decks is presented and written a slice at a time: other requests go on meanwhile */
async function sendList(response: HttpContext['response'], list: DeckList) {
  response.header('content-type', 'application/json; charset=utf-8')
  return response.send(
    await jsonInSlices(await serialize(DeckListTransformer.transform(list)), 'decks')
  )
}

export default class DecksController {
  async index({ auth, request, response }: HttpContext) {
    const { deck_ids: deckIds, folder_id: folderId } =
      await request.validateUsing(listDecksValidator)
    return sendList(
      response,
      await listDecks(auth.use('api').getUserOrFail(), { deckIds, folderId })
    )
  }

  async archived({ auth, response }: HttpContext) {
    return sendList(response, await listDecks(auth.use('api').getUserOrFail(), { archived: true }))
  }

  /** A light list for pickers (move, duplicate): no counts. */
  async light({ auth }: HttpContext) {
    const decks = await activeDecks(auth.use('api').getUserOrFail())
    return serialize(LightDeckListTransformer.transform({ decks }))
  }

  async polling({ auth }: HttpContext) {
    const decks = await pollingDecks(auth.use('api').getUserOrFail())
    return serialize({ decks: DeckJobTransformer.transform(decks) })
  }

  async show({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const shown = await showDeck(user, await findDeck(user, params.id))
    return serialize(DeckTransformer.transform(shown.deck, shown))
  }

  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { deck: input } = await request.validateUsing(createDeckValidator)
    const deck = await createDeck(user, input)
    const shown = await showDeck(user, deck)
    return response.created(await serialize(DeckTransformer.transform(shown.deck, shown)))
  }

  async update({ auth, request, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { deck: input } = await request.validateUsing(updateDeckValidator)
    const deck = await updateDeck(user, { ...input, id: params.id })
    const shown = await showDeck(user, deck)
    return serialize(DeckTransformer.transform(shown.deck, shown))
  }

  async destroy({ auth, params, response }: HttpContext) {
    await deleteDeck(auth.use('api').getUserOrFail(), { id: params.id })
    return response.noContent()
  }

  async duplicate({ auth, params, request, response, i18n }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(duplicateDeckValidator)
    const copy = await duplicateDeck(user, { ...input, id: params.id, locale: i18n.locale })
    const shown = await showDeck(user, copy)
    return response.accepted(await serialize(DeckTransformer.transform(shown.deck, shown)))
  }

  async move({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(moveDeckValidator)
    await moveDeck(user, input)
    return serialize(DeckTreeTransformer.transform(await listDecks(user)))
  }

  async reorder({ auth, request, response }: HttpContext) {
    const { deck_ids: ids } = await request.validateUsing(reorderDecksValidator)
    await reorder(auth.use('api').getUserOrFail(), { table: 'decks', ids })
    return response.noContent()
  }

  async resetProgress({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    await resetProgress(user, { id: params.id })
    const shown = await showDeck(user, await findDeck(user, params.id))
    return serialize(DeckTransformer.transform(shown.deck, shown))
  }

  async report({ auth, params, request, response }: HttpContext) {
    const input = await request.validateUsing(reportDeckValidator)
    const report = await reportDeck(auth.use('api').getUserOrFail(), { ...input, id: params.id })
    return response.created(await serialize(ReportFiledTransformer.transform(report)))
  }
}
