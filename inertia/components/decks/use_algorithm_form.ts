import { useForm } from '@inertiajs/react'
import { useShared } from '~/lib/shared'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

/** What GET /decks/:id/algorithm answers the dialog (a visit typed by hand is redirected instead). */
export type AlgorithmSheet = Data.AlgorithmSettings.Variants['forEditor']
export type PresetName = AlgorithmSheet['algorithmPreset']

/* the spec's order: the everyday preset first, the learner's own last */
export const PRESET_NAMES: PresetName[] = [
  'general',
  'languages',
  'medical',
  'speed_learning',
  'custom',
]
export const MINUTES_PER_DAY = 1440

/** An empty number field means the server's default (undefined). */
const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value))

/**
 * The algorithm form: the preset chosen and the custom tuning as typed, what
 * they mean for the fields shown (spaced repetition or speed learning, smart
 * scheduling), and the save, which sends the tuning only for the custom
 * preset. `asking`: the server asks first, a switch of study mode resets the
 * deck's progress.
 */
export function useAlgorithmForm(sheet: AlgorithmSheet, onClose: () => void) {
  const { user } = useShared()
  const premium = Boolean(user?.isPremium)
  /* useForm, not <Form>: the preset decides the fields shown; a confirm_reset error asks first */
  const form = useForm({
    preset: sheet.algorithmPreset,
    steps: sheet.stepsInMinutes,
    easyBonus: String(sheet.easyBonusPercent),
    intervalModifier: String(sheet.intervalModifierPercent),
    maxIntervalDays: sheet.maxIntervalMinutes
      ? String(Math.round(sheet.maxIntervalMinutes / MINUTES_PER_DAY))
      : '',
    /* a free learner cannot keep smart scheduling: the switch shows what saving gives */
    smart: sheet.smartScheduling && premium,
    retention: String(Math.round(sheet.desiredRetention * 100)),
    buryNew: sheet.buryNew,
    buryReviews: sheet.buryReviews,
    buryInterdayLearning: sheet.buryInterdayLearning,
  })
  const { data } = form
  const errors = form.errors as Record<string, string | undefined>
  const preset = sheet.presets[data.preset]
  const custom = data.preset === 'custom'
  const spaced = preset.algorithmType === 'spacedRepetition'
  const smart = spaced && data.smart

  const submit = (confirmReset: boolean) => {
    form.transform((values) => {
      const days = numberOrUndefined(values.maxIntervalDays)
      return {
        algorithm_preset: values.preset,
        /* the tuning belongs to the custom preset only; the named ones keep their documented values */
        ...(custom && {
          steps_in_minutes: values.steps.trim(),
          easy_bonus_percent: numberOrUndefined(values.easyBonus) ?? 0,
          interval_modifier_percent: numberOrUndefined(values.intervalModifier) ?? 0,
          max_interval_minutes: days === undefined ? 0 : Math.round(days * MINUTES_PER_DAY),
        }),
        smart_scheduling: smart,
        ...(custom && smart && { desired_retention: Number(values.retention) / 100 }),
        bury_new: values.buryNew,
        bury_reviews: values.buryReviews,
        bury_interday_learning: values.buryInterdayLearning,
        confirm_reset: confirmReset,
      }
    })
    form.put(urlFor('decks.algorithm.update', { id: sheet.deckId }), {
      preserveScroll: true,
      preserveState: true,
      onSuccess: onClose,
    })
  }

  return {
    form,
    data,
    errors,
    premium,
    preset,
    custom,
    spaced,
    smart,
    submit,
    switchesMode: preset.algorithmType !== sheet.algorithmType,
    asking: Boolean(errors.confirm_reset),
  }
}

export type AlgorithmForm = ReturnType<typeof useAlgorithmForm>
