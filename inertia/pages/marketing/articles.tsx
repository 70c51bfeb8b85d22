import { Head } from '@inertiajs/react'
import { ArticleCards } from '~/components/marketing/article_parts'
import type { Data } from '~generated/data'

/** A list page's props: its words and address (scalars) and each article's summary. */
type ArticleList = {
  kind: Data.ArticlePage['kind']
  title: string
  description: string
  canonical: string
  articles: Data.ArticleSummary[]
}
import '~/css/marketing.css'

/** The guides, or the blog: every article with what it is about, newest post first. */
export default function Articles({ title, description, canonical, articles }: ArticleList) {
  return (
    <div className="article stack">
      <Head title={title}>
        <meta name="description" content={description} />
        <link rel="canonical" href={canonical} />
      </Head>
      <h1>{title}</h1>
      <p className="lead">{description}</p>
      <ArticleCards articles={articles} />
    </div>
  )
}
