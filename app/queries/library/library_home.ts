import { categoryTree } from '#queries/library/categories'
import { presentDecks } from '#queries/library/library_decks'
import { newDecks, popularDecks, popularSearches, trendingDecks } from '#queries/library/browse'

/** The library's front page: categories, trending, popular and new decks, popular searches. */
export async function libraryHome(perList = 10) {
  const tree = await categoryTree()
  const trending = await presentDecks(await trendingDecks(perList))
  const popular = await presentDecks(await popularDecks(perList))
  const fresh = await presentDecks(await newDecks(perList))
  return { tree, trending, popular, fresh, searches: await popularSearches() }
}

export type LibraryHome = Awaited<ReturnType<typeof libraryHome>>
