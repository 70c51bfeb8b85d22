import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'

type Props = { q: string; page: number; hasMore: boolean; total: number; users: Data.Admin[] }

export default function AdminUsers({ q, page, hasMore, total, users }: Props) {
  const t = useT()
  const [query, setQuery] = useState(q)
  const visit = (params: { q: string; page: number }) =>
    router.get(urlFor('admin.users'), {
      ...(params.q ? { q: params.q } : {}),
      ...(params.page > 1 ? { page: params.page } : {}),
    })
  return (
    <div className="stack">
      <Head title={t('admin.users.title')} />
      <p>
        <a href={urlFor('admin.home')}>{t('admin.home.title')}</a>
      </p>
      <h1>{t('admin.users.title')}</h1>
      <form
        method="get"
        action={urlFor('admin.users')}
        className="row"
        onSubmit={(event) => {
          event.preventDefault()
          visit({ q: query, page: 1 })
        }}
      >
        <label>
          {t('admin.users.search')}
          <input
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <button type="submit" className="button">
          {t('admin.users.search_button')}
        </button>
      </form>
      <p className="muted">{t('admin.users.count', { count: total })}</p>
      <table>
        <thead>
          <tr>
            <th>{t('admin.users.id')}</th>
            <th>{t('admin.users.email')}</th>
            <th>{t('admin.users.name')}</th>
            <th>{t('admin.users.premium')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-user={user.id}>
              <td>{user.id}</td>
              <td>
                <a href={urlFor('admin.users.show', { id: user.id })}>
                  {user.email ?? t('admin.users.no_email')}
                </a>
              </td>
              <td>
                {user.name ?? ''}
                {user.username ? ` (@${user.username})` : ''}
              </td>
              <td>{user.isPremium ? t('admin.users.yes') : t('admin.users.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row">
        {page > 1 && (
          <button
            type="button"
            className="button ghost"
            onClick={() => visit({ q, page: page - 1 })}
          >
            {t('admin.previous')}
          </button>
        )}
        {hasMore && (
          <button
            type="button"
            className="button ghost"
            onClick={() => visit({ q, page: page + 1 })}
          >
            {t('admin.next')}
          </button>
        )}
      </div>
    </div>
  )
}
