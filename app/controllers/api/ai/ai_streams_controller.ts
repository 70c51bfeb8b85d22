import type { HttpContext } from '@adonisjs/core/http'
import { uploadDocument } from '#actions/ai/upload_document'
import { cancelStream } from '#actions/ai/cancel_stream'
import { bulkFromBody, streamFromBody } from '#actions/ai/stream_requests'
import { streamAnswer } from '#controllers/ai/stream_answer'
import AiDocumentTransformer from '#transformers/ai_document_transformer'
import AiStreamCancelledTransformer from '#transformers/ai_stream_cancelled_transformer'
import AiStreamTransformer from '#transformers/ai_stream_transformer'
import { serialize } from '#transformers/serialize'
import {
  aiBulkCreateValidator,
  aiStreamCreateValidator,
  cancelStreamValidator,
  streamIdValidator,
} from '#validators/ai_generation'

/** The spec's AI stream calls (docs/ai-generation.md); the work runs in the worker (`ai_stream` job). */
export default class AiStreamsController {
  /** POST notes/ai_document: a PDF's chosen pages read for a stream's document_id. */
  async document(ctx: HttpContext) {
    const document = await uploadDocument(ctx.auth.use('api').getUserOrFail(), {
      files: Object.values(ctx.request.allFiles()).flat(),
      file: ctx.request.file('file'),
      pages: ctx.request.input('pages'),
    })
    return ctx.response.created(await serialize(AiDocumentTransformer.transform(document)))
  }

  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { stream } = await streamFromBody(
      user,
      await request.validateUsing(aiStreamCreateValidator)
    )
    return response.created(
      await serialize(AiStreamTransformer.transform(await streamAnswer(user, stream.id)))
    )
  }

  async bulk({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { stream } = await bulkFromBody(user, await request.validateUsing(aiBulkCreateValidator))
    return response.created(
      await serialize(AiStreamTransformer.transform(await streamAnswer(user, stream.id)))
    )
  }

  async show({ auth, request }: HttpContext) {
    const { stream_id: streamId } = await request.validateUsing(streamIdValidator)
    return serialize(
      AiStreamTransformer.transform(await streamAnswer(auth.use('api').getUserOrFail(), streamId))
    )
  }

  async destroy({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(cancelStreamValidator)
    const { stream, deleted } = await cancelStream(user, input)
    return serialize(
      AiStreamCancelledTransformer.transform(await streamAnswer(user, stream.id), deleted)
    )
  }
}
