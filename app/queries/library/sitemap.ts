import db from '@adonisjs/lucid/services/db'

/** What the sitemap lists: subcategories by keys, indexable published decks by slug, their authors. */
export async function sitemapEntries() {
  const { rows: categories } = await db.rawQuery(
    `SELECT parent.key AS category, sub.key AS subcategory FROM library_categories sub
     JOIN library_categories parent ON parent.id = sub.parent_id ORDER BY parent.position, sub.position, sub.id`
  )
  const { rows: decks } = await db.rawQuery(
    `SELECT slug, user_id, updated_at FROM public_decks
     WHERE status = 'approved' AND current_revision_id IS NOT NULL AND unpublished_at IS NULL AND is_indexable
     ORDER BY id LIMIT 45000`
  )
  const authors = [...new Set(decks.map((deck: { user_id: number }) => deck.user_id))] as number[]
  return {
    categories: categories as { category: string; subcategory: string }[],
    decks: decks as { slug: string; updated_at: Date }[],
    authors,
  }
}
