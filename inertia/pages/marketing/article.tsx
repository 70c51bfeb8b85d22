import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { ArticleBody, ArticleCards, ArticleDate } from '~/components/marketing/article_parts'
import type { Data } from '~generated/data'
import '~/css/marketing.css'

/* where an article sits: its list (guides, blog), or the Solutions menu, which has no page of its own */
function Breadcrumb({ kind }: { kind: Data.ArticlePage['kind'] }) {
  const t = useT()
  if (kind === 'solutions') return <p className="muted">{t('nav.solutions')}</p>
  return (
    <nav className="muted" aria-label={t('articles.breadcrumb')}>
      <Link route={kind === 'guides' ? 'guides.index' : 'blog.index'}>
        {t(kind === 'guides' ? 'nav.guides' : 'nav.blog')}
      </Link>
    </nav>
  )
}

/**
 * A guide, a solution or a blog post: server-rendered, with its description and canonical address for search
 * engines.
 */
export default function Article({ article }: { article: Data.ArticlePage }) {
  const { kind, title, description, date, canonical, blocks, others } = article
  const t = useT()
  const { user } = useShared()
  return (
    <article className="article stack">
      <Head title={title}>
        <meta name="description" content={description} />
        <link rel="canonical" href={canonical} />
      </Head>
      <Breadcrumb kind={kind} />
      <header className="stack">
        <h1>{title}</h1>
        {date && <ArticleDate date={date} />}
        <p className="lead">{description}</p>
      </header>
      <ArticleBody blocks={blocks} />
      {!user && (
        <section className="card article-cta">
          <p>{t('articles.cta_body')}</p>
          <Link route="auth.start" className="button primary">
            {t('landing.cta')}
          </Link>
        </section>
      )}
      <section className="stack" aria-labelledby="article-others">
        <h2 id="article-others">{t(`articles.others.${kind}`)}</h2>
        <ArticleCards articles={others} />
      </section>
    </article>
  )
}
