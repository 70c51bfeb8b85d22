/*
 * The public articles' pages (app/queries/articles/article_pages.ts): their kinds and plain types, for the
 * server and the pages.
 */

/** The kinds of article, each a list page and its articles (the catalogue: app/services/articles/catalogue.ts). */
export const ARTICLE_KINDS = ['guides', 'solutions', 'blog'] as const
export type ArticleKind = (typeof ARTICLE_KINDS)[number]

/** The little Markdown the articles are written in, as app/services/articles/markdown.ts reads it. */
export type Inline =
  { kind: 'text' | 'strong' | 'code'; text: string } | { kind: 'link'; text: string; href: string }
export type Block =
  | { kind: 'heading'; level: 2 | 3; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'image'; image: string }

export type ArticleImage = {
  kind: 'image'
  src: string
  alt: string
  width: number | null
  height: number | null
}
export type ArticleBlock = Exclude<Block, { kind: 'image' }> | ArticleImage

/** An article as a list and an article's "others" show it. */
export type ArticleSummary = {
  slug: string
  href: string
  title: string
  description: string
  date: string | null
}
/**
 * An article's page: its words in the reader's language, its screenshots, the canonical address and the other
 * articles of its kind.
 */
export type ArticlePage = ArticleSummary & {
  kind: ArticleKind
  canonical: string
  blocks: ArticleBlock[]
  others: ArticleSummary[]
}
/** A list of articles (the guides, the blog): title, introduction, canonical address, and each article's summary. */
export type ArticleList = {
  kind: ArticleKind
  title: string
  description: string
  canonical: string
  articles: ArticleSummary[]
}
