import { ARTICLES, articlePath } from '#services/articles/catalogue'

/* The featured guides: the guides' pages (/guides/<slug>), titled `articles.guides.<id>.title`. */
export const FEATURED_GUIDES = ARTICLES.guides.map((guide) => ({
  id: guide.id,
  path: articlePath('guides', guide.slug),
}))
