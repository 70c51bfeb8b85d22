/*
 * The algorithm presets: each a documented parameter set. A root deck holds a
 * preset name and, for `custom`, the learner's own tuning (the spec's
 * algorithm-settings fields) in decks.algorithm_settings; its subdecks follow
 * it. `resolveAlgorithm` turns what the deck stores into the settings the
 * schedulers take.
 */
import { SM2_DEFAULTS, type Sm2Settings } from '#scheduling/sm2'

export type PresetName = 'general' | 'languages' | 'medical' | 'speed_learning' | 'custom'
export const PRESET_NAMES: PresetName[] = [
  'general',
  'languages',
  'medical',
  'speed_learning',
  'custom',
]

type AlgorithmType = 'spacedRepetition' | 'speedLearning'
export type SchedulerName = 'sm2' | 'fsrs'

export interface Preset {
  type: AlgorithmType
  sm2: Sm2Settings
  /** FSRS's target: the chance of recalling a card when it comes due */
  desiredRetention: number
  /** null: no daily limit */
  newCardsPerDay: number | null
  maxCardsPerDay: number | null
}

export const PRESETS: Record<PresetName, Preset> = {
  /* Anki's defaults with the spec's learning steps '1 15'. */
  general: {
    type: 'spacedRepetition',
    sm2: SM2_DEFAULTS,
    desiredRetention: 0.9,
    newCardsPerDay: 20,
    maxCardsPerDay: 200,
  },
  /*
   * Vocabulary suffers interference from similar words: a third step an hour
   * later settles a new word before the first day, intervals run 10 % shorter,
   * and more new words a day fit a language learner's pace.
   */
  languages: {
    type: 'spacedRepetition',
    sm2: { ...SM2_DEFAULTS, learningStepsMinutes: [1, 15, 60], intervalModifier: 0.9 },
    desiredRetention: 0.9,
    newCardsPerDay: 30,
    maxCardsPerDay: 300,
  },
  /*
   * Exam preparation: no daily limits (the spec), a longer learning ladder,
   * a second relearning step, no interval beyond a year (the material must
   * come back before the next exam cycle) and a higher retention target.
   */
  medical: {
    type: 'spacedRepetition',
    sm2: {
      ...SM2_DEFAULTS,
      learningStepsMinutes: [1, 15, 60],
      relearningStepsMinutes: [10, 60],
      maximumIntervalDays: 365,
    },
    desiredRetention: 0.92,
    newCardsPerDay: null,
    maxCardsPerDay: null,
  },
  /* Two buttons, rounds until every card is got: no scheduling, no daily limit. */
  speed_learning: {
    type: 'speedLearning',
    sm2: SM2_DEFAULTS,
    desiredRetention: 0.9,
    newCardsPerDay: null,
    maxCardsPerDay: null,
  },
  /* The general set, then the learner's own tuning on top. */
  custom: {
    type: 'spacedRepetition',
    sm2: SM2_DEFAULTS,
    desiredRetention: 0.9,
    newCardsPerDay: 20,
    maxCardsPerDay: 200,
  },
}

/** The learner's tuning of a custom preset, as decks.algorithm_settings stores it. */
export interface StoredAlgorithmSettings {
  scheduler?: SchedulerName
  steps_in_minutes?: string
  easy_bonus_percent?: number
  interval_modifier_percent?: number
  max_interval_minutes?: number
  desired_retention?: number
  /* Anki's sibling burying (app/scheduling/burying.ts), for any preset; off when absent, as Anki's defaults */
  bury_new?: boolean
  bury_reviews?: boolean
  bury_interday_learning?: boolean
}

export interface ResolvedAlgorithm {
  preset: PresetName
  type: AlgorithmType
  scheduler: SchedulerName
  sm2: Sm2Settings
  desiredRetention: number
  newCardsPerDay: number | null
  maxCardsPerDay: number | null
  /** exam mode: an exam ahead on the root deck sets the pace of new cards (exam.ts, daily_limits.ts) */
  exam?: { daysLeft: number; ceiling: number | null }
}

const MINUTES_PER_DAY = 1440

/**
 * The settings a root deck's stored preset and tuning give. The spec's
 * percentages are changes to the preset (0 keeps it): easy bonus +p %,
 * interval modifier +p %; a maximum interval of 0 minutes means none.
 */
export function resolveAlgorithm(
  presetName: string,
  stored: StoredAlgorithmSettings,
  deckLimits: { newCardsPerDay: number | null; maxCardsPerDay: number | null } = {
    newCardsPerDay: null,
    maxCardsPerDay: null,
  }
): ResolvedAlgorithm {
  const preset = PRESETS[presetName as PresetName] ? (presetName as PresetName) : 'general'
  const base = PRESETS[preset]
  let sm2 = base.sm2
  let desiredRetention = base.desiredRetention
  if (preset === 'custom') {
    const steps = stored.steps_in_minutes ? parseSteps(stored.steps_in_minutes) : null
    sm2 = {
      ...sm2,
      learningStepsMinutes: steps ?? sm2.learningStepsMinutes,
      easyBonus: sm2.easyBonus * (1 + (stored.easy_bonus_percent ?? 0) / 100),
      intervalModifier: sm2.intervalModifier * (1 + (stored.interval_modifier_percent ?? 0) / 100),
      maximumIntervalDays: stored.max_interval_minutes
        ? Math.max(1, Math.floor(stored.max_interval_minutes / MINUTES_PER_DAY))
        : sm2.maximumIntervalDays,
    }
    desiredRetention = stored.desired_retention ?? desiredRetention
  }
  return {
    preset,
    type: base.type,
    scheduler: base.type === 'spacedRepetition' && stored.scheduler === 'fsrs' ? 'fsrs' : 'sm2',
    sm2,
    desiredRetention,
    /* the deck's own cards-per-day settings win over the preset's */
    newCardsPerDay: deckLimits.newCardsPerDay ?? base.newCardsPerDay,
    maxCardsPerDay: deckLimits.maxCardsPerDay ?? base.maxCardsPerDay,
  }
}

const UNIT_MINUTES: Record<string, number> = { s: 1 / 60, m: 1, h: 60, d: MINUTES_PER_DAY }

/**
 * Learning steps as the settings sheet takes them: '1 15' (minutes), or with
 * units, '30s 10m 1h 2d'. Null when the text is not a list of positive steps.
 */
export function parseSteps(text: string): number[] | null {
  const parts = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
  if (!parts.length || parts.length > 10) return null
  const steps: number[] = []
  for (const part of parts) {
    const match = /^(\d+(?:\.\d+)?)([smhd]?)$/i.exec(part)
    if (!match) return null
    const minutes = Number(match[1]) * UNIT_MINUTES[(match[2] || 'm').toLowerCase()]
    if (!(minutes > 0) || minutes > 365 * MINUTES_PER_DAY) return null
    steps.push(minutes)
  }
  return steps
}

/** Steps back as the spec's `stepsInMinutes` string. */
export function formatSteps(steps: number[]) {
  return steps.map((minutes) => String(Math.round(minutes * 100) / 100)).join(' ')
}
