import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { startStream } from '#actions/ai/start_stream'
import { ONBOARDING_CARDS } from '#actions/ai/generation_limits'
import { ONBOARDING_TEXT, ONBOARDING_TITLE } from '#actions/ai/onboarding_text'
import { activeProvider } from '#ai/cards'

export interface OnboardingExampleInput {
  /** the learner's interest from the onboarding answers (materialKey, languageFocus…): with a provider, the cards are about it */
  topic?: string | null
  folderId?: number | null
  /** the deck's name (default: the topic, or the bundled text's title) */
  deckName?: string | null
}

/**
 * The onboarding's "AI onboarding example creates 20 cards": a new deck
 * filled by an AI stream through the same path as the generator's
 * (startStream, the `ai_stream` job in the worker, the deck in
 * ai_notes_generation meanwhile), 20 cards, counted against no free
 * generation. With a provider and a topic the cards are about the topic;
 * otherwise (the offline default) they come from a bundled text about
 * memory (onboarding_text.ts). Returns the stream and its deck: the page
 * follows it as any stream.
 */
export async function createOnboardingExample(user: User, input: OnboardingExampleInput = {}) {
  const topic = input.topic?.trim()
  if (topic && activeProvider() !== 'offline') {
    return startStream(
      user,
      { kind: 'prompt', userPrompt: topic, deckName: input.deckName ?? topic, folderId: input.folderId, format: 'basic', detail: 'brief', cardsAmount: ONBOARDING_CARDS },
      { countsAgainstFreeTier: false, maxCards: ONBOARDING_CARDS }
    )
  }
  const [document] = await db
    .table('ai_documents')
    .insert({ user_id: user.id, file_name: ONBOARDING_TITLE, page_count: 1, pages: [1], text: ONBOARDING_TEXT })
    .returning(['id'])
  return startStream(
    user,
    { kind: 'document', documentId: Number(document.id), deckName: input.deckName ?? ONBOARDING_TITLE, folderId: input.folderId, format: 'basic', detail: 'brief', cardsAmount: ONBOARDING_CARDS },
    { countsAgainstFreeTier: false, maxCards: ONBOARDING_CARDS }
  )
}
