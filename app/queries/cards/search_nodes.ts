/*
 * The card search language's tree: what each of Anki's search terms means,
 * in Mnemo's words (docs/search.md maps them one by one). Text values keep
 * the wildcard escapes \* \_ \\ (search_text.ts reads them).
 */

export const COMPARISONS = ['<=', '>=', '!=', '=', '<', '>'] as const
export type Comparison = (typeof COMPARISONS)[number]

/** Anki's states (is:…), and Mnemo's own frozen cards. */
export const CARD_STATES = [
  'new',
  'review',
  'learn',
  'due',
  'buried',
  'buried-manually',
  'buried-sibling',
  'suspended',
  'frozen',
] as const
export type CardState = (typeof CARD_STATES)[number]

/** How text is compared: as written (wildcards), as a regular expression, or without accents. */
export type TextMode = 'normal' | 'regex' | 'nc'

export type NumericProperty = 'ivl' | 'due' | 'reps' | 'lapses' | 'ease' | 'pos' | 's' | 'd' | 'r'

export type SearchNode =
  | { type: 'and'; children: SearchNode[] }
  | { type: 'or'; children: SearchNode[] }
  | { type: 'not'; child: SearchNode }
  /** every card (deck:*, tag:*) or none (a term Mnemo has nothing for, e.g. has-cd:) */
  | { type: 'all' }
  | { type: 'none' }
  /** text anywhere in the note's fields (their HTML) or its sort field; nc: without accents, sc: clozes stripped */
  | { type: 'text'; value: string; mode: 'normal' | 'nc' | 'sc' }
  /** re: a regular expression over the fields; w: a whole word */
  | { type: 'regex'; pattern: string }
  /** a field (name with wildcards, any case) whose whole content matches */
  | { type: 'field'; field: string; value: string; mode: TextMode }
  /** a deck by its full path (A::B, wildcards), with its subdecks */
  | { type: 'deck'; name: string }
  | { type: 'deck_ids'; ids: number[] }
  | { type: 'note_type'; name: string }
  | { type: 'note_type_id'; id: number }
  /** card:N (1-based) or card:Name (the card's template) */
  | { type: 'template'; ord: number }
  | { type: 'template'; name: string }
  | { type: 'tag'; name: string; mode: TextMode }
  | { type: 'is'; state: CardState }
  | { type: 'flag'; flag: number }
  | { type: 'note_ids'; ids: number[] }
  | { type: 'card_ids'; ids: number[] }
  | { type: 'prop'; property: NumericProperty; comparison: Comparison; value: number }
  /**
   * answers whose study day, counted from today (0 today, -1 yesterday),
   * compares to `day`; rating 1-4 one button, null any, 0 a manual reschedule
   */
  | { type: 'rated'; comparison: Comparison; day: number; rating: number | null }
  /** added, edited or first answered in the last `days` study days (1: today) */
  | { type: 'added' | 'edited' | 'introduced'; days: number }
  | { type: 'dupe'; noteTypeId: number; text: string }
  | { type: 'preset'; name: string }
