import type { HttpContext } from '@adonisjs/core/http'
import { appUrl } from '#config/app'
import { sitemapEntries } from '#queries/library/sitemap'
import { ARTICLES, articlePath } from '#services/articles/catalogue'
import { ARTICLE_KINDS } from '#types/articles'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
const entry = (path: string, lastmod?: Date) =>
  `  <url><loc>${escapeXml(appUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`

/* library icons: a glyph on a transparent square, drawn by the browser's emoji font */
const ICONS: Record<string, string> = {
  globe: '🌐',
  stethoscope: '🩺',
  flask: '🧪',
  graduation: '🎓',
  landmark: '🏛️',
  laptop: '💻',
  scale: '⚖️',
  briefcase: '💼',
  palette: '🎨',
  lightbulb: '💡',
  book: '📘',
}

export default class SitemapController {
  /**
   * GET /sitemap.xml: the library, its subcategories, indexable published decks, their authors' profiles, the
   * guides, solutions and blog
   */
  async show({ response }: HttpContext) {
    const { categories, decks, authors } = await sitemapEntries()
    const urls = [
      entry('/library'),
      ...categories.map(({ category, subcategory }) =>
        entry(`/library/${category}/${subcategory}`)
      ),
      ...decks.map((deck) =>
        entry(`/library/decks/${encodeURIComponent(deck.slug)}`, new Date(deck.updated_at))
      ),
      ...authors.map((id) => entry(`/users/${id}`)),
      entry('/guides'),
      entry('/blog'),
      ...ARTICLE_KINDS.flatMap((kind) =>
        ARTICLES[kind].map((article) => entry(articlePath(kind, article.slug)))
      ),
    ]
    response.header('content-type', 'application/xml; charset=utf-8')
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  }

  /** GET /library/icons/:icon.svg (an unknown icon is the book) */
  async icon({ params, response }: HttpContext) {
    const glyph = ICONS[String(params.icon).replace(/\.svg$/, '')] ?? ICONS.book
    response.header('content-type', 'image/svg+xml')
    response.header('cache-control', 'public, max-age=86400')
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><text x="32" y="34" font-size="44" text-anchor="middle" dominant-baseline="central">${glyph}</text></svg>`
  }
}
