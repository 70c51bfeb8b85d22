/*
 * The library's categories and their subcategories, seeded on every install
 * (migration 0018) and by the tests' factory. A name is the translation
 * `ui.library.categories.<category>.name` (a subcategory's
 * `ui.library.categories.<category>.subs.<subcategory>`); a subcategory takes
 * its category's icon and colours.
 */
export const LIBRARY_TAXONOMY: {
  key: string
  icon: string
  from: string
  to: string
  subs: string[]
}[] = [
  {
    key: 'languages',
    icon: 'globe',
    from: '#4F46E5',
    to: '#06B6D4',
    subs: [
      'spanish',
      'english',
      'french',
      'german',
      'italian',
      'portuguese',
      'japanese',
      'chinese',
    ],
  },
  {
    key: 'medicine',
    icon: 'stethoscope',
    from: '#DC2626',
    to: '#F97316',
    subs: ['anatomy', 'physiology', 'pharmacology', 'pathology', 'microbiology', 'nursing'],
  },
  {
    key: 'sciences',
    icon: 'flask',
    from: '#059669',
    to: '#84CC16',
    subs: ['biology', 'chemistry', 'physics', 'mathematics', 'earth_science'],
  },
  {
    key: 'exams',
    icon: 'graduation',
    from: '#7C3AED',
    to: '#EC4899',
    subs: ['usmle', 'mcat', 'sat', 'gre', 'ielts', 'toefl'],
  },
  {
    key: 'humanities',
    icon: 'landmark',
    from: '#B45309',
    to: '#F59E0B',
    subs: ['history', 'philosophy', 'literature', 'art_history', 'geography'],
  },
  {
    key: 'computing',
    icon: 'laptop',
    from: '#0F172A',
    to: '#3B82F6',
    subs: ['programming', 'algorithms', 'databases', 'networking', 'security'],
  },
  {
    key: 'law',
    icon: 'scale',
    from: '#334155',
    to: '#94A3B8',
    subs: ['constitutional', 'criminal', 'contracts', 'bar_exam'],
  },
  {
    key: 'business',
    icon: 'briefcase',
    from: '#0E7490',
    to: '#22D3EE',
    subs: ['economics', 'finance', 'accounting', 'marketing'],
  },
  {
    key: 'arts',
    icon: 'palette',
    from: '#BE185D',
    to: '#F472B6',
    subs: ['music_theory', 'instruments', 'painting'],
  },
  {
    key: 'general',
    icon: 'lightbulb',
    from: '#CA8A04',
    to: '#FDE047',
    subs: ['trivia', 'flags', 'capitals'],
  },
]

type Client = { rawQuery(sql: string, bindings?: any[]): PromiseLike<unknown> }

/** Inserts what is missing of the taxonomy (idempotent: keys already there are kept as they are). */
export async function seedLibraryCategories(client: Client) {
  for (const [position, category] of LIBRARY_TAXONOMY.entries()) {
    await client.rawQuery(
      `INSERT INTO library_categories (parent_id, key, icon, gradient_from, gradient_to, position)
       SELECT NULL, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM library_categories WHERE parent_id IS NULL
         AND key = ?)`,
      [category.key, category.icon, category.from, category.to, position, category.key]
    )
    await client.rawQuery(
      `INSERT INTO library_categories (parent_id, key, icon, gradient_from, gradient_to, position)
       SELECT parent.id, sub.key, parent.icon, parent.gradient_from, parent.gradient_to, sub.position
       FROM library_categories parent, unnest(?::text[]) WITH ORDINALITY AS sub(key, position)
       WHERE parent.parent_id IS NULL AND parent.key = ?
       ON CONFLICT (parent_id, key) DO NOTHING`,
      [category.subs, category.key]
    )
  }
}
