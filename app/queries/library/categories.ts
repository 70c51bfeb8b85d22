import LibraryCategory from '#models/library_category'
import ApiException from '#exceptions/api_exception'

export type CategoryNode = { category: LibraryCategory; subcategories: LibraryCategory[] }

/** The whole taxonomy (a few dozen rows), categories in their order, each with its subcategories. */
export async function categoryTree(): Promise<CategoryNode[]> {
  const rows = await LibraryCategory.query().orderBy('position').orderBy('id')
  return rows
    .filter((row) => row.parentId === null)
    .map((category) => ({
      category,
      subcategories: rows.filter((row) => row.parentId === category.id),
    }))
}

/** Where a category row sits: itself and its parent (a subcategory), or itself alone (a category). */
export type Placement = { category: LibraryCategory; subcategory: LibraryCategory | null }

export function placementsOf(tree: CategoryNode[]) {
  const placements = new Map<number, Placement>()
  for (const node of tree) {
    placements.set(node.category.id, { category: node.category, subcategory: null })
    for (const sub of node.subcategories)
      placements.set(sub.id, { category: node.category, subcategory: sub })
  }
  return placements
}

/** A subcategory by its URL keys; an unknown pair is a 404. */
export async function findSubcategory(categoryKey: string, subcategoryKey: string) {
  const category = await LibraryCategory.query()
    .whereNull('parent_id')
    .where('key', categoryKey)
    .first()
  const subcategory =
    category &&
    (await LibraryCategory.query()
      .where('parent_id', category.id)
      .where('key', subcategoryKey)
      .first())
  if (!category || !subcategory) throw ApiException.notFound()
  return { category, subcategory }
}
