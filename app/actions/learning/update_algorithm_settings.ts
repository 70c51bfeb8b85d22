import type { Infer } from '@vinejs/vine/types'
import type { algorithmSettingsValidator } from '#validators/learning'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { findEditableDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { withTransaction, type ActionOptions } from '#actions/action'
import {
  PRESETS,
  parseSteps,
  type PresetName,
  type SchedulerName,
  type StoredAlgorithmSettings,
} from '#scheduling/presets'

interface AlgorithmSettings {
  algorithmPreset: PresetName
  stepsInMinutes?: string
  easyBonusPercent?: number
  intervalModifierPercent?: number
  maxIntervalMinutes?: number
  smartScheduling?: boolean
  desiredRetention?: number
  /** the learner confirmed that switching between the two study modes resets the deck's progress */
  confirmReset?: boolean
}

/**
 * The validated body (algorithmSettingsValidator, snake_case as the apps send it) and the root deck's id, for
 * either door.
 */
export type AlgorithmSettingsInput = Infer<typeof algorithmSettingsValidator> & { id: unknown }

/* the body's fields under the names the settings are kept by */
function settingsOf(input: AlgorithmSettingsInput): AlgorithmSettings {
  return {
    algorithmPreset: input.algorithm_preset,
    stepsInMinutes: input.steps_in_minutes,
    easyBonusPercent: input.easy_bonus_percent,
    intervalModifierPercent: input.interval_modifier_percent,
    maxIntervalMinutes: input.max_interval_minutes,
    smartScheduling: input.smart_scheduling,
    desiredRetention: input.desired_retention,
    confirmReset: input.confirm_reset,
  }
}

/**
 * PUT algorithm_settings/{deckId}. On the root deck only, for the root and
 * every subdeck (a deck tree has one algorithm). Switching between spaced
 * repetition and speed learning resets every learner's progress on the whole
 * tree, so when there is any it needs the confirmation; changing preset or tuning within
 * spaced repetition keeps the progress, as changing an Anki preset does.
 * Smart scheduling (FSRS) is premium. Returns the root deck as saved
 * (AlgorithmSettingsTransformer shapes it).
 */
export async function updateAlgorithmSettings(
  user: User,
  body: AlgorithmSettingsInput,
  options: ActionOptions = {}
) {
  const input = settingsOf(body)
  return withTransaction(options.trx, async (trx) => {
    const deck = await findEditableDeck(user, body.id, trx, 'manage')
    if (deck.parentId !== null)
      throw ApiException.of('E_ALGORITHM_ON_ROOT_ONLY', { apiField: 'deckId' })
    const stored: StoredAlgorithmSettings = {}
    const scheduler: SchedulerName = input.smartScheduling ? 'fsrs' : 'sm2'
    if (scheduler === 'fsrs') {
      if (!user.hasPremium) throw ApiException.of('E_PREMIUM_REQUIRED')
      stored.scheduler = 'fsrs'
    }
    if (input.algorithmPreset === 'custom') {
      if (input.stepsInMinutes !== undefined) {
        if (!parseSteps(input.stepsInMinutes)) {
          throw ApiException.of('E_VALIDATION_ERROR', {
            key: 'invalid_steps',
            field: 'steps_in_minutes',
          })
        }
        stored.steps_in_minutes = input.stepsInMinutes.trim()
      }
      if (input.easyBonusPercent !== undefined) stored.easy_bonus_percent = input.easyBonusPercent
      if (input.intervalModifierPercent !== undefined)
        stored.interval_modifier_percent = input.intervalModifierPercent
      if (input.maxIntervalMinutes !== undefined)
        stored.max_interval_minutes = input.maxIntervalMinutes
      if (input.desiredRetention !== undefined) stored.desired_retention = input.desiredRetention
    }
    /* the burying options hold for any preset; a field left out keeps the deck's setting */
    const kept = (deck.algorithmSettings ?? {}) as StoredAlgorithmSettings
    for (const key of ['bury_new', 'bury_reviews', 'bury_interday_learning'] as const) {
      const value = body[key] ?? kept[key]
      if (value) stored[key] = true
    }
    const type = PRESETS[input.algorithmPreset].type
    const deckIds = await subtreeIds(deck.id, trx)
    if (type !== deck.algorithmType) {
      /* the question is only asked when there is something to lose: any learner's progress on the tree */
      const progress = trx.from('card_progress').whereIn('deck_id', deckIds)
      if (!input.confirmReset && (await progress.clone().select('card_id').first())) {
        throw ApiException.of('E_ALGORITHM_RESET_CONFIRMATION')
      }
      await progress.delete()
    }
    await trx
      .from('decks')
      .whereIn('id', deckIds)
      .update({
        algorithm_preset: input.algorithmPreset,
        algorithm_type: type,
        algorithm_settings: JSON.stringify(stored),
        updated_at: new Date(),
      })
    await deck.refresh()
    return deck
  })
}
