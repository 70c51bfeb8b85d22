import LibraryCategory from '#models/library_category'
import ApiException from '#exceptions/api_exception'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * Files a public deck under a subcategory (or a category when no subcategory
 * is given), by their keys; null keys remove it from every category. For the
 * publish flow and moderators; an unknown key is a 422 on `category`.
 */
export async function setPublicDeckCategory(
  input: { publicDeckId: number; category: string | null; subcategory?: string | null },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (client) => {
    let categoryId: number | null = null
    if (input.category) {
      const category = await LibraryCategory.query({ client })
        .whereNull('parent_id')
        .where('key', input.category)
        .first()
      const target =
        category && input.subcategory
          ? await LibraryCategory.query({ client })
              .where('parent_id', category.id)
              .where('key', input.subcategory)
              .first()
          : category
      if (!target)
        throw ApiException.of('E_VALIDATION_ERROR', {
          key: 'library_unknown_category',
          field: 'category',
        })
      categoryId = target.id
    }
    await client
      .from('public_decks')
      .where('id', input.publicDeckId)
      .update({ category_id: categoryId, updated_at: new Date() })
    return categoryId
  })
}
