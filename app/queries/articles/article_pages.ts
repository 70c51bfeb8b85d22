import { readFile } from 'node:fs/promises'
import { existsSync, readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import type { I18n } from '@adonisjs/i18n'
import { imageSize } from 'image-size'
import { appUrl } from '#config/app'
import { ARTICLES, articlePath, findArticle, type ArticleEntry } from '#services/articles/catalogue'
import { parseMarkdown } from '#services/articles/markdown'
import type {
  ArticleBlock,
  ArticleImage,
  ArticleKind,
  ArticleList,
  ArticlePage,
  ArticleSummary,
  Block,
} from '#types/articles'
import ApiException from '#exceptions/api_exception'

/* parsed bodies and image sizes, kept in production (in development an edited file shows at once) */
const bodies = new Map<string, Block[]>()
const sizes = new Map<string, { width: number | null; height: number | null }>()
const keep = <T>(cache: Map<string, T>, key: string, value: T) =>
  app.inProduction ? cache.set(key, value) && value : value

/** An article's Markdown in the locale, English where a translation is missing. */
async function body(locale: string, kind: ArticleKind, id: string) {
  const key = `${locale}/${kind}/${id}`
  const cached = bodies.get(key)
  if (cached) return cached
  const file = (lang: string) => app.languageFilesPath(lang, 'articles', kind, `${id}.md`)
  const source = await readFile(file(locale), 'utf8').catch(() => readFile(file('en'), 'utf8'))
  return keep(bodies, key, parseMarkdown(source))
}

/** A screenshot in the reader's language (English where none was made), with its caption and size. */
function screenshot(i18n: I18n, id: string): ArticleImage {
  const file = (locale: string) => app.publicPath('screenshots', locale, `${id}.webp`)
  const locale = existsSync(file(i18n.locale)) ? i18n.locale : 'en'
  const src = `/screenshots/${locale}/${id}.webp`
  let size = sizes.get(src)
  if (!size) {
    const measured = existsSync(file(locale)) ? imageSize(readFileSync(file(locale))) : null
    size = keep(sizes, src, { width: measured?.width ?? null, height: measured?.height ?? null })
  }
  return { kind: 'image', src, alt: i18n.t(`articles.screenshots.${id}`), ...size }
}

const summary = (i18n: I18n, kind: ArticleKind, entry: ArticleEntry): ArticleSummary => ({
  slug: entry.slug,
  href: articlePath(kind, entry.slug),
  title: i18n.t(`articles.${kind}.${entry.id}.title`),
  description: i18n.t(`articles.${kind}.${entry.id}.description`),
  date: entry.date,
})

/**
 * An article's page: its words in the reader's language, its screenshots, the canonical address and the other
 * articles of its kind.
 */
export async function articlePage(
  i18n: I18n,
  kind: ArticleKind,
  slug: string
): Promise<ArticlePage> {
  const entry = findArticle(kind, slug)
  if (!entry) throw ApiException.notFound()
  const written = await body(i18n.locale, kind, entry.id)
  const blocks = written.map((block): ArticleBlock =>
    block.kind === 'image' ? screenshot(i18n, block.image) : block
  )
  return {
    kind,
    ...summary(i18n, kind, entry),
    canonical: `${appUrl}${articlePath(kind, entry.slug)}`,
    blocks,
    others: ARTICLES[kind]
      .filter((other) => other !== entry)
      .map((other) => summary(i18n, kind, other)),
  }
}

/** A list of articles (the guides, the blog): title, introduction, canonical address, and each article's summary. */
export function articleList(i18n: I18n, kind: ArticleKind): ArticleList {
  return {
    kind,
    title: i18n.t(`articles.${kind}.title`),
    description: i18n.t(`articles.${kind}.description`),
    canonical: `${appUrl}/${kind}`,
    articles: ARTICLES[kind].map((entry) => summary(i18n, kind, entry)),
  }
}
