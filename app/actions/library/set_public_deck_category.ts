import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import LibraryCategory from '#models/library_category'
import ApiException from '#exceptions/api_exception'

/**
 * Files a public deck under a subcategory (or a category when no subcategory
 * is given), by their keys; null keys remove it from every category. For the
 * publish flow and moderators; an unknown key is a 422 on `category`.
 */
export async function setPublicDeckCategory(
  publicDeckId: number,
  categoryKey: string | null,
  subcategoryKey: string | null = null,
  trx?: QueryClientContract
) {
  const client = trx ?? db.connection()
  let categoryId: number | null = null
  if (categoryKey) {
    const category = await LibraryCategory.query({ client }).whereNull('parent_id').where('key', categoryKey).first()
    const target = category && subcategoryKey
      ? await LibraryCategory.query({ client }).where('parent_id', category.id).where('key', subcategoryKey).first()
      : category
    if (!target) throw ApiException.of('E_VALIDATION_ERROR', { key: 'library_unknown_category', field: 'category' })
    categoryId = target.id
  }
  await client.from('public_decks').where('id', publicDeckId).update({ category_id: categoryId, updated_at: new Date() })
  return categoryId
}
