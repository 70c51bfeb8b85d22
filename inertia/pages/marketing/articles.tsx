import { Head } from '@inertiajs/react'
import { ArticleCards } from '~/components/marketing/article_parts'
import type { ArticleList } from '#types/articles'
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
