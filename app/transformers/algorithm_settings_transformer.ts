import type Deck from '#models/deck'
import { PRESETS, PRESET_NAMES, formatSteps, resolveAlgorithm, type PresetName, type StoredAlgorithmSettings } from '#scheduling/presets'

/** A deck's algorithm settings: the spec's fields for its root (the algorithm is set there), plus the smart-scheduling ones. */
export default class AlgorithmSettingsTransformer {
  /** GET and PUT algorithm_settings/{deckId}. */
  static forDeck(root: Deck, deck: Deck = root) {
    const stored = (root.algorithmSettings ?? {}) as StoredAlgorithmSettings
    const resolved = resolveAlgorithm(root.algorithmPreset, stored)
    const custom = resolved.preset === 'custom'
    return {
      deckId: deck.id,
      rootDeckId: root.id,
      /* the algorithm is set on the root deck only */
      editable: deck.id === root.id,
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
    }
  }

  /**
   * Each preset's documented values in the web sheet's terms, so the sheet can
   * show what a named preset means (read-only) without a client-side copy of them.
   */
  static presets() {
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

  /** GET /decks/:id/algorithm: the web's settings dialog, the deck's settings and every preset's values. */
  static forSheet(root: Deck, deck: Deck = root) {
    return { ...this.forDeck(root, deck), presets: this.presets() }
  }
}

export type AlgorithmSettings = ReturnType<typeof AlgorithmSettingsTransformer.forDeck>
export type AlgorithmSheet = ReturnType<typeof AlgorithmSettingsTransformer.forSheet>
