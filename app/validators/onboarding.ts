import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { LIBRARY_TAXONOMY } from '#database/library_categories'

/*
 * The onboarding answers (the User's onboardingData): the spec's
 * languageFocus, languageKey, languageLevel, materialKey and examDate, and
 * the other questions of the flow. Every answer is optional (the flow can
 * be skipped at any step); null removes one.
 */
const AGE_RANGES = ['under_18', '18_24', '25_34', '35_44', '45_plus'] as const
const FORGET_RATES = ['days', 'weeks', 'months'] as const
const STUDY_HABITS = ['cram', 'regular', 'rarely'] as const
const GOALS = ['languages', 'exam', 'other'] as const
const NATIVE_LANGUAGES = ['en', 'de', 'pt', 'es', 'fr', 'it', 'ja', 'zh', 'other'] as const
const TARGET_LANGUAGES = LIBRARY_TAXONOMY.find((category) => category.key === 'languages')!
  .subs as readonly string[]
const LEVELS = ['beginner', 'intermediate', 'advanced'] as const
const FOCUSES = ['vocabulary', 'grammar', 'conversation', 'travel'] as const
const REASONS = ['work', 'travel', 'school', 'family', 'fun'] as const
export const SUBJECTS = LIBRARY_TAXONOMY.filter(
  (category) => !['languages', 'exams'].includes(category.key)
)
export const EXAMS = LIBRARY_TAXONOMY.find((category) => category.key === 'exams')!
  .subs as readonly string[]

const answer = <T extends readonly (string | number)[]>(values: T) =>
  vine.enum(values).nullable().optional()

/** A calendar date, YYYY-MM-DD, that exists. */
const isoDate = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const date = new Date(`${value}T00:00:00Z`)
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== value
  ) {
    field.report('The date must be YYYY-MM-DD', 'isoDate', field)
  }
})

export const onboardingDataSchema = () =>
  vine.object({
    ageRange: answer(AGE_RANGES),
    forgetRate: answer(FORGET_RATES),
    studyHabit: answer(STUDY_HABITS),
    goal: answer(GOALS),
    nativeLanguageKey: answer(NATIVE_LANGUAGES),
    languageKey: answer(TARGET_LANGUAGES as readonly string[]),
    languageLevel: answer(LEVELS),
    languageFocus: answer(FOCUSES),
    reason: answer(REASONS),
    examName: vine.string().trim().maxLength(100).nullable().optional(),
    examDate: vine.string().trim().use(isoDate()).nullable().optional(),
    materialKey: answer(SUBJECTS.map((subject) => subject.key)),
    specificationKey: answer(SUBJECTS.flatMap((subject) => subject.subs)),
    minutesPerDay: vine.number().withoutDecimals().range([1, 240]).nullable().optional(),
    /* when to study, in the learner's own time (HH:MM); reminders go out then */
    studyTime: vine
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .nullable()
      .optional(),
    remindersEnabled: vine.boolean().nullable().optional(),
  })

export type OnboardingAnswers = Infer<ReturnType<typeof onboardingDataSchema>>

/* POST onboarding/get_personalisation_data.json: answers not saved yet may be given (they are not stored) */
export const personalisationValidator = vine.create({
  onboarding_data: onboardingDataSchema().optional(),
})

/* POST onboarding/mark_deck_as_interested {deck_id}: a library deck (the suggestions' ids) */
export const interestedValidator = vine.create({
  deck_id: vine.number().withoutDecimals().range([1, 2147483647]),
})

/* web: the flow's answers as it goes, and its end (a suggestion chosen, or skipped) */
export const onboardingAnswersValidator = vine.create({
  onboarding_data: onboardingDataSchema(),
})
export const onboardingStartValidator = vine.create({
  deck_id: vine.number().withoutDecimals().range([1, 2147483647]),
})
