import type User from '#models/user'
import { findStream, streamNotes } from '#queries/ai/find_stream'
import { freeTierOf } from '#actions/ai/generation_limits'
import AiStreamTransformer from '#transformers/ai_stream_transformer'
import { activeProvider } from '#ai/cards'

/** The answer every stream call gives (API and web doors): the stream as AiStreamTransformer shapes it, the provider, the free tier. */
export async function streamAnswer(user: User, streamId: number) {
  const { stream, deck } = await findStream(user, streamId)
  return {
    ...AiStreamTransformer.forApi(stream, deck, await streamNotes(user, stream)),
    activeProvider: activeProvider(),
    freeTier: await freeTierOf(user),
  }
}
