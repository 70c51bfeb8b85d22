import AiStreamTransformer, { type StreamAnswer } from '#transformers/ai_stream_transformer'

/** A cancelled stream's answer: the stream as every call answers it, and how many of its notes were deleted. */
export default class AiStreamCancelledTransformer extends AiStreamTransformer {
  constructor(
    answer: StreamAnswer,
    protected deletedNotes: number
  ) {
    super(answer)
  }

  toObject() {
    return { ...super.toObject(), deletedNotes: this.deletedNotes }
  }
}
