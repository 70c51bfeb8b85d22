import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

/** The library's search: a plain GET form (works without JavaScript), with popular searches under it. */
export function SearchBox({
  query = '',
  popular = [],
}: {
  query?: string
  popular?: Data.PopularSearch[]
}) {
  const t = useT()
  return (
    <div className="stack library-search">
      <form method="get" action={urlFor('library.search')} role="search" className="row">
        <label htmlFor="library-query" className="visually-hidden">
          {t('library.search_label')}
        </label>
        <input
          id="library-query"
          type="search"
          name="query"
          defaultValue={query}
          maxLength={200}
          placeholder={t('library.search_placeholder')}
        />
        <button type="submit" className="button primary">
          {t('library.search_button')}
        </button>
      </form>
      {popular.length > 0 && (
        <p className="row muted">
          <span>{t('library.popular_searches')}:</span>
          {popular.map((search) => (
            <Link
              key={search.query}
              route="library.search"
              qs={{ query: search.query }}
              className="library-chip"
            >
              {search.query}
            </Link>
          ))}
        </p>
      )}
    </div>
  )
}
