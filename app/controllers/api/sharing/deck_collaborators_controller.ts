import type { HttpContext } from '@adonisjs/core/http'
import { joinSharedDeck } from '#actions/sharing/join_shared_deck'
import { changeRole, removeCollaborator } from '#actions/sharing/manage_collaborator'
import { findDeck } from '#queries/decks/find_deck'
import { showDeck } from '#queries/decks/list_decks'
import { listCollaborators } from '#queries/sharing/collaborators'
import DeckTransformer from '#transformers/deck_transformer'
import SharingTransformer from '#transformers/sharing_transformer'
import CollaboratorTransformer from '#transformers/collaborator_transformer'
import { serialize } from '#transformers/serialize'
import {
  joinSharedDeckValidator,
  listCollaboratorsValidator,
  SHARING_PAGE_MAX,
  updateCollaboratorValidator,
} from '#validators/sharing'

export default class DeckCollaboratorsController {
  async index({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(listCollaboratorsValidator)
    const list = await listCollaborators(
      user,
      input.deck_id,
      input.offset ?? 0,
      input.limit ?? SHARING_PAGE_MAX
    )
    return serialize(SharingTransformer.transform(list))
  }

  /** Joins as a viewer: 201 the first time, 200 (the same row) after. */
  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(joinSharedDeckValidator)
    const joined = await joinSharedDeck(user, input)
    const shown = await showDeck(user, await findDeck(user, joined.deck.id))
    response.status(joined.created ? 201 : 200)
    return serialize({
      deckCollaborator: CollaboratorTransformer.transform(joined.collaborator, user),
      deck: DeckTransformer.transform(shown.deck, shown),
    })
  }

  async update({ auth, request, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(updateCollaboratorValidator)
    const { collaborator } = await changeRole(user, { ...input, id: params.id })
    await collaborator.load('user')
    return serialize({
      deckCollaborator: CollaboratorTransformer.transform(collaborator, collaborator.user),
    })
  }

  async destroy({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { collaborator } = await removeCollaborator(user, { id: params.id })
    await collaborator.load('user')
    return serialize({
      deckCollaborator: CollaboratorTransformer.transform(collaborator, collaborator.user),
    })
  }
}
