import db from '@adonisjs/lucid/services/db'
import type { I18n } from '@adonisjs/i18n'
import ApiException from '#exceptions/api_exception'
import { EXAMS, SUBJECTS } from '#validators/onboarding'

/** How many decks the suggestions step offers. */
const SUGGESTIONS = 6

export type Suggestion = {
  id: number
  slug: string
  title: string
  description: string
  cardsCount: number
  category: string | null
  subcategory: string | null
}

/**
 * Library decks for a learner's answers, best first: a deck of the very
 * language, specification or exam they named (3), of the subject or of
 * languages at all (2), a general-knowledge deck for "other" (1); then the
 * most cloned of the rest, so a library with nothing matching still
 * suggests something real. Published decks only.
 */
export async function personalisedDecks(answers: Record<string, unknown>): Promise<Suggestion[]> {
  const goal = answers.goal
  const exact = [
    goal === 'languages' ? answers.languageKey : null,
    answers.specificationKey,
    examKeyOf(answers.examName),
  ].filter((v): v is string => typeof v === 'string')
  const broad = [
    goal === 'languages' ? 'languages' : null,
    goal === 'exam' ? answers.materialKey : null,
    goal === 'exam' ? 'exams' : null,
  ].filter((v): v is string => typeof v === 'string')
  const general = goal === 'other' || !goal ? ['general'] : []
  const { rows } = await db.rawQuery(
    `SELECT p.id, p.slug, p.name AS title, p.description, p.cards_count, sub.key AS sub_key,
      COALESCE(parent.key, sub.key) AS cat_key,
            CASE WHEN sub.key = ANY(?::text[]) AND parent.id IS NOT NULL THEN 3
                 WHEN COALESCE(parent.key, sub.key) = ANY(?::text[]) THEN 2
                 WHEN COALESCE(parent.key, sub.key) = ANY(?::text[]) THEN 1 ELSE 0 END AS score
     FROM public_decks p
     LEFT JOIN library_categories sub ON sub.id = p.category_id
     LEFT JOIN library_categories parent ON parent.id = sub.parent_id
     WHERE p.status = 'approved' AND p.current_revision_id IS NOT NULL AND p.unpublished_at IS NULL
     ORDER BY score DESC, p.downloads_count DESC, p.id
     LIMIT ?`,
    [exact, broad, general, SUGGESTIONS]
  )
  return rows.map((row: any) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    cardsCount: Number(row.cards_count),
    category: row.cat_key ?? null,
    subcategory: row.sub_key && row.sub_key !== row.cat_key ? row.sub_key : null,
  }))
}

/** An exam typed by name ("IELTS Academic") that the library knows by key (ielts). */
function examKeyOf(name: unknown) {
  if (typeof name !== 'string') return null
  const words = name.toLowerCase().split(/[^a-z0-9]+/)
  return EXAMS.find((exam) => words.includes(exam)) ?? null
}

/** A library deck the library shows, by id; anything else is a 404. */
export async function findSuggestableDeck(id: number) {
  const row = await db
    .from('public_decks')
    .where('id', id)
    .where('status', 'approved')
    .whereNotNull('current_revision_id')
    .whereNull('unpublished_at')
    .select('id')
    .first()
  if (!row) throw ApiException.notFound()
  return row.id as number
}

/** The subjects with their specifications, and the exams (SubjectListTransformer). */
export type SubjectList = ReturnType<typeof subjectList>

/** GET onboarding/subject_list: subjects with their specifications, and the exams, in the reader's language. */
export function subjectList(i18n: I18n) {
  return {
    subjects: SUBJECTS.map((subject) => ({
      key: subject.key,
      name: i18n.t(`ui.library.categories.${subject.key}.name`),
      specifications: subject.subs.map((key) => ({
        key,
        name: i18n.t(`ui.library.categories.${subject.key}.subs.${key}`),
      })),
    })),
    exams: EXAMS.map((key) => ({ key, name: i18n.t(`ui.library.categories.exams.subs.${key}`) })),
  }
}
