import { BaseTransformer } from '@adonisjs/core/transformers'
import type Deck from '#models/deck'
import {
  PRESETS,
  PRESET_NAMES,
  formatSteps,
  resolveAlgorithm,
  type PresetName,
  type StoredAlgorithmSettings,
} from '#scheduling/presets'
import { buryModeOf } from '#scheduling/burying'

/**
 * Each preset's documented values in the web sheet's terms, so the sheet can
 * show what a named preset means (read-only) without a client-side copy of them.
 */
function presets() {
  const entries = PRESET_NAMES.map((name) => {
    const { type, sm2, desiredRetention, newCardsPerDay, maxCardsPerDay } = PRESETS[name]
    return [
      name,
      {
        algorithmType: type,
        stepsInMinutes: formatSteps(sm2.learningStepsMinutes),
        relearningStepsInMinutes: formatSteps(sm2.relearningStepsMinutes),
        graduatingIntervalDays: sm2.graduatingIntervalDays,
        easyIntervalDays: sm2.easyIntervalDays,
        easyBonus: sm2.easyBonus,
        intervalModifier: sm2.intervalModifier,
        maxIntervalDays: sm2.maximumIntervalDays,
        desiredRetention,
        newCardsPerDay,
        maxCardsPerDay,
      },
    ] as const
  })
  return Object.fromEntries(entries) as Record<PresetName, (typeof entries)[number][1]>
}

/**
 * A deck's algorithm settings: the spec's fields for its root (the resource:
 * the algorithm is set there), plus the smart-scheduling ones, as `deck` (a
 * subdeck, or the root itself) shows them.
 */
export default class AlgorithmSettingsTransformer extends BaseTransformer<Deck> {
  constructor(
    root: Deck,
    protected deck: Deck = root
  ) {
    super(root)
  }

  /** GET and PUT algorithm_settings/{deckId}. */
  toObject() {
    const root = this.resource
    const stored = (root.algorithmSettings ?? {}) as StoredAlgorithmSettings
    const resolved = resolveAlgorithm(root.algorithmPreset, stored)
    const custom = resolved.preset === 'custom'
    return {
      deckId: this.deck.id,
      rootDeckId: root.id,
      /* the algorithm is set on the root deck only */
      editable: this.deck.id === root.id,
      algorithmPreset: resolved.preset,
      algorithmType: resolved.type,
      stepsInMinutes: formatSteps(resolved.sm2.learningStepsMinutes),
      easyBonusPercent: custom ? (stored.easy_bonus_percent ?? 0) : 0,
      intervalModifierPercent: custom ? (stored.interval_modifier_percent ?? 0) : 0,
      maxIntervalMinutes: custom ? (stored.max_interval_minutes ?? 0) : 0,
      smartScheduling: resolved.scheduler === 'fsrs',
      desiredRetention: resolved.desiredRetention,
      newCardsPerDay: root.newCardsPerDay ?? PRESETS[resolved.preset].newCardsPerDay,
      maxCardsPerDay: root.maxCardsPerDay ?? PRESETS[resolved.preset].maxCardsPerDay,
      /* Anki's sibling burying: answering a card keeps its note's other cards of these kinds for the next day */
      ...buryModeOf(stored),
    }
  }

  /** GET /decks/:id/algorithm: the web's settings dialog, the deck's settings and every preset's values. */
  forEditor() {
    return { ...this.toObject(), presets: presets() }
  }
}
