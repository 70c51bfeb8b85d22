import type User from '#models/user'
import { findStream, streamNotes } from '#queries/ai/find_stream'
import { freeTierOf } from '#actions/ai/generation_limits'
import type { StreamAnswer } from '#transformers/ai_stream_transformer'
import { activeProvider } from '#ai/cards'

/**
 * What every stream call answers (API and web doors), read for
 * AiStreamTransformer: the stream, the provider, the free tier.
 */
export async function streamAnswer(user: User, streamId: number): Promise<StreamAnswer> {
  const { stream, deck } = await findStream(user, streamId)
  return {
    stream,
    deck,
    notes: await streamNotes(user, stream),
    activeProvider: activeProvider(),
    freeTier: await freeTierOf(user),
  }
}
