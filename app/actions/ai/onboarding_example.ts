import db from '@adonisjs/lucid/services/db'
import type { I18n } from '@adonisjs/i18n'
import type User from '#models/user'
import { startStream } from '#actions/ai/start_stream'
import { ONBOARDING_CARDS } from '#actions/ai/generation_limits'
import { ONBOARDING_TEXT, ONBOARDING_TITLE } from '#actions/ai/onboarding_text'
import { activeProvider } from '#ai/cards'

export interface OnboardingExampleInput {
  /**
   * the learner's interest from the onboarding answers (materialKey, languageFocus…): with a provider, the
   * cards are about it
   */
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
      {
        kind: 'prompt',
        userPrompt: topic,
        deckName: input.deckName ?? topic,
        folderId: input.folderId,
        format: 'basic',
        detail: 'brief',
        cardsAmount: ONBOARDING_CARDS,
      },
      { countsAgainstFreeTier: false, maxCards: ONBOARDING_CARDS }
    )
  }
  const [document] = await db
    .table('ai_documents')
    .insert({
      user_id: user.id,
      file_name: ONBOARDING_TITLE,
      page_count: 1,
      pages: [1],
      text: ONBOARDING_TEXT,
    })
    .returning(['id'])
  return startStream(
    user,
    {
      kind: 'document',
      documentId: Number(document.id),
      deckName: input.deckName ?? ONBOARDING_TITLE,
      folderId: input.folderId,
      format: 'basic',
      detail: 'brief',
      cardsAmount: ONBOARDING_CARDS,
    },
    { countsAgainstFreeTier: false, maxCards: ONBOARDING_CARDS }
  )
}

/**
 * What the learner's onboarding answers say they want to learn, in their
 * language: the language and level, else the subject (precisely, where they
 * said), else the exam's name; null when they said none of it.
 */
export function exampleTopic(answers: Record<string, unknown>, i18n: I18n) {
  const text = (key: string) =>
    typeof answers[key] === 'string' && answers[key] ? (answers[key] as string) : null
  const language = text('languageKey')
  if (language) {
    const name = i18n.t(`ui.library.categories.languages.subs.${language}`)
    const level = text('languageLevel')
    return level ? `${name} (${i18n.t(`ui.onboarding.level.${level}`)})` : name
  }
  const subject = text('materialKey')
  if (subject) {
    const precisely = text('specificationKey')
    return precisely
      ? i18n.t(`ui.library.categories.${subject}.subs.${precisely}`)
      : i18n.t(`ui.library.categories.${subject}.name`)
  }
  return text('examName')
}

/**
 * The example, once per learner: the first request claims the slot (one
 * statement, so two at once make one deck) and makes it; any later one gets
 * the same stream back. Null while the first is still being made.
 */
export async function onboardingExampleOnce(user: User, input: { topic: string | null }) {
  const { topic } = input
  const claimed = await db
    .from('users')
    .where('id', user.id)
    .whereNull('onboarding_example_stream_id')
    .update({ onboarding_example_stream_id: 0 })
  if (!Number(claimed)) {
    const row = await db
      .from('users')
      .where('id', user.id)
      .select('onboarding_example_stream_id')
      .first()
    return { streamId: Number(row?.onboarding_example_stream_id) || null, created: false }
  }
  try {
    const { stream } = await createOnboardingExample(user, { topic })
    await db.from('users').where('id', user.id).update({ onboarding_example_stream_id: stream.id })
    return { streamId: stream.id as number, created: true }
  } catch (error) {
    /* nothing made: the learner may try again */
    await db.from('users').where('id', user.id).update({ onboarding_example_stream_id: null })
    throw error
  }
}
