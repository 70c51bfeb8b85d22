import { Link } from '@adonisjs/inertia/react'
import { useShared } from '~/lib/shared'
import type { Data } from '~generated/data'

type ArticlePage = Data.ArticlePage
type ArticleSummary = Data.ArticleSummary

type Block = ArticlePage['blocks'][number]
type Inline = Extract<Block, { kind: 'paragraph' }>['content'][number]

/* an article's text as React elements (the server sends data, never HTML) */
function Inlines({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((part, index) => {
        if (part.kind === 'strong') return <strong key={index}>{part.text}</strong>
        if (part.kind === 'code') return <code key={index}>{part.text}</code>
        if (part.kind === 'link' && part.href.startsWith('/'))
          return (
            <Link key={index} href={part.href}>
              {part.text}
            </Link>
          )
        if (part.kind === 'link')
          return (
            <a key={index} href={part.href} rel="noopener noreferrer">
              {part.text}
            </a>
          )
        return part.text
      })}
    </>
  )
}

function ArticleBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading':
      return block.level === 2 ? (
        <h2>
          <Inlines content={block.content} />
        </h2>
      ) : (
        <h3>
          <Inlines content={block.content} />
        </h3>
      )
    case 'paragraph':
      return (
        <p>
          <Inlines content={block.content} />
        </p>
      )
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <Inlines content={item} />
        </li>
      ))
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>
    }
    case 'image':
      return (
        <figure className="article-figure">
          <img
            src={block.src}
            alt={block.alt}
            width={block.width ?? undefined}
            height={block.height ?? undefined}
            loading="lazy"
          />
        </figure>
      )
  }
}

export function ArticleBody({ blocks }: { blocks: Block[] }) {
  return (
    <div className="article-body">
      {blocks.map((block, index) => (
        <ArticleBlock key={index} block={block} />
      ))}
    </div>
  )
}

/** A post's date in the reader's language (the same on the server and in the browser: UTC). */
export function ArticleDate({ date }: { date: string }) {
  const { locale } = useShared()
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
  return <time dateTime={date}>{format.format(new Date(`${date}T00:00:00Z`))}</time>
}

/** Articles as a list of cards: title (a link), date for posts, and what each is about. */
export function ArticleCards({ articles }: { articles: ArticleSummary[] }) {
  return (
    <ul className="article-cards">
      {articles.map((article) => (
        <li key={article.slug} className="card">
          {article.date && <ArticleDate date={article.date} />}
          <h3>
            <Link href={article.href}>{article.title}</Link>
          </h3>
          <p className="muted">{article.description}</p>
        </li>
      ))}
    </ul>
  )
}
