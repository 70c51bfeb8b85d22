import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

type Entry = Data.AuditEntry

export default function AdminAudit({
  entries,
  page,
  hasMore,
}: {
  entries: Entry[]
  page: number
  hasMore: boolean
}) {
  const t = useT()
  const visit = (to: number) => router.get(urlFor('admin.audit'), to > 1 ? { page: to } : {})
  return (
    <div className="stack">
      <Head title={t('admin.audit.title')} />
      <p>
        <a href={urlFor('admin.home')}>{t('admin.home.title')}</a>
      </p>
      <h1>{t('admin.audit.title')}</h1>
      {entries.length ? (
        <table>
          <thead>
            <tr>
              <th>{t('admin.audit.when')}</th>
              <th>{t('admin.audit.admin')}</th>
              <th>{t('admin.audit.action')}</th>
              <th>{t('admin.audit.target')}</th>
              <th>{t('admin.audit.details')}</th>
              <th>{t('admin.audit.ip')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-audit={entry.action}>
                <td>{entry.createdAt}</td>
                <td>{entry.adminEmail ?? entry.adminId ?? ''}</td>
                <td>{entry.action}</td>
                <td>
                  {entry.targetUserId ? (
                    <a href={urlFor('admin.users.show', { id: entry.targetUserId })}>
                      {entry.targetEmail ?? `#${entry.targetUserId}`}
                    </a>
                  ) : (
                    ''
                  )}
                </td>
                <td>
                  <code>{entry.details}</code>
                </td>
                <td>{entry.ip ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('admin.audit.empty')}</p>
      )}
      <div className="row">
        {page > 1 && (
          <button type="button" className="button ghost" onClick={() => visit(page - 1)}>
            {t('admin.previous')}
          </button>
        )}
        {hasMore && (
          <button type="button" className="button ghost" onClick={() => visit(page + 1)}>
            {t('admin.next')}
          </button>
        )}
      </div>
    </div>
  )
}
