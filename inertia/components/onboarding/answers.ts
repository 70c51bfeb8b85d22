/*
 * The onboarding's answers as the questions edit them (the client's form
 * state; the server stores what its validator accepts, app/validators/onboarding.ts),
 * and the choices each question offers.
 */
export type Answers = {
  ageRange?: string
  forgetRate?: string
  studyHabit?: string
  goal?: string
  nativeLanguageKey?: string
  languageKey?: string
  languageLevel?: string
  languageFocus?: string
  reason?: string
  examName?: string
  examDate?: string
  materialKey?: string
  specificationKey?: string
  minutesPerDay?: number
  studyTime?: string
  remindersEnabled?: boolean
}

/* the answers the questions offer (the server's validator holds the same lists: app/validators/onboarding.ts) */
export const AGE_RANGES = ['under_18', '18_24', '25_34', '35_44', '45_plus'] as const
export const FORGET_RATES = ['days', 'weeks', 'months'] as const
export const STUDY_HABITS = ['cram', 'regular', 'rarely'] as const
export const GOALS = ['languages', 'exam', 'other'] as const
export const NATIVE_LANGUAGES = ['en', 'de', 'pt', 'es', 'fr', 'it', 'ja', 'zh', 'other'] as const
export const TARGET_LANGUAGES = [
  'spanish',
  'english',
  'french',
  'german',
  'italian',
  'portuguese',
  'japanese',
  'chinese',
] as const
export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const
export const FOCUSES = ['vocabulary', 'grammar', 'conversation', 'travel'] as const
export const REASONS = ['work', 'travel', 'school', 'family', 'fun'] as const
export const MINUTES = [5, 10, 15, 20, 30, 45, 60] as const
export const STUDY_TIMES = ['07:30', '12:30', '18:00', '21:00'] as const
