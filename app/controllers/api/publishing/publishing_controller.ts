import type { HttpContext } from '@adonisjs/core/http'
import { publishDeck } from '#actions/publishing/publish_deck'
import { unpublishRevision } from '#actions/publishing/unpublish_revision'
import { findRevision } from '#queries/publishing/find_revision'
import RevisionTransformer from '#transformers/revision_transformer'
import { serialize } from '#transformers/serialize'
import { publishDeckValidator } from '#validators/publishing'

/** The author's side of publishing: submit a revision, read it, unpublish. */
export default class PublishingController {
  async publish({ auth, params, request, response }: HttpContext) {
    const input = await request.validateUsing(publishDeckValidator)
    const revision = await publishDeck(auth.use('api').getUserOrFail(), { ...input, id: params.id })
    return response.created(await serialize(RevisionTransformer.transform(revision)))
  }

  async show({ auth, params }: HttpContext) {
    return serialize(
      RevisionTransformer.transform(await findRevision(auth.use('api').getUserOrFail(), params.id))
    )
  }

  async unpublish({ auth, params }: HttpContext) {
    const revision = await unpublishRevision(auth.use('api').getUserOrFail(), { id: params.id })
    return serialize(RevisionTransformer.transform(revision))
  }
}
