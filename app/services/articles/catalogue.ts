/*
 * The public articles: the guides, the solutions (what Mnemo does for whom)
 * and the blog's posts. Their titles, descriptions and screenshot captions
 * are `articles.*` messages (resources/lang/<locale>/articles.json, read on
 * the server only), their bodies Markdown in
 * resources/lang/<locale>/articles/<kind>/<id>.md; here only what exists, at
 * which address, and each post's date. Newest post first. The kinds are
 * app/types/articles.ts, which the pages name too.
 */
import type { ArticleKind } from '#types/articles'

export type ArticleEntry = { id: string; slug: string; date: string | null }

export const ARTICLES: Record<ArticleKind, readonly ArticleEntry[]> = {
  guides: [
    { id: 'getting_started', slug: 'getting-started', date: null },
    { id: 'good_cards', slug: 'writing-good-flashcards', date: null },
    { id: 'publishing', slug: 'publishing-to-the-library', date: null },
  ],
  solutions: [
    { id: 'students', slug: 'students', date: null },
    { id: 'teachers', slug: 'teachers', date: null },
    { id: 'language_learners', slug: 'language-learners', date: null },
  ],
  blog: [
    { id: 'reminders_and_wrapped', slug: 'study-reminders-and-year-in-review', date: '2026-11-24' },
    { id: 'fsrs', slug: 'smart-scheduling-with-fsrs', date: '2026-10-15' },
    { id: 'library', slug: 'the-community-library', date: '2026-09-01' },
  ],
}

/* the screenshots the articles show: public/screenshots/<locale>/<id>.webp, made by bin/screenshots.ts */
export const SCREENSHOTS = [
  'decks',
  'study',
  'editor',
  'import',
  'statistics',
  'sharing',
  'publish',
  'library',
  'reminders',
  'streak',
] as const
export type Screenshot = (typeof SCREENSHOTS)[number]

export const articlePath = (kind: ArticleKind, slug: string) => `/${kind}/${slug}`

export function findArticle(kind: ArticleKind, slug: string) {
  return ARTICLES[kind].find((entry) => entry.slug === slug) ?? null
}
