/*
 * The help centre's questions and the what's-new entries. Their words are in
 * resources/lang/<locale>/ui/client.json (help.topics.<id>.question/answer,
 * whats_new.entries.<id>.title/body); here only what they are and in what
 * order, and each entry's date.
 */
export const HELP_TOPICS = [
  'getting_started',
  'spaced_repetition',
  'active_day',
  'import',
  'library',
  'reminders',
  'premium',
  'account',
] as const

export const WHATS_NEW: { id: string; date: string }[] = [
  { id: 'reminders', date: '2026-11-24' },
  { id: 'wrapped', date: '2026-11-24' },
  { id: 'profile', date: '2026-11-24' },
  { id: 'fsrs', date: '2026-10-15' },
  { id: 'library', date: '2026-09-01' },
]
