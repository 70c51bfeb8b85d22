import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'

const LEVELS = ['full', 'limited', 'none'] as const

export default function AdminHome({ debugMenu }: { debugMenu: string }) {
  const t = useT()
  const setLevel = (level: string) => router.post(urlFor('admin.debug_menu'), { debug_menu: level }, { preserveScroll: true })
  return (
    <div className="stack">
      <Head title={t('admin.home.title')} />
      <h1>{t('admin.home.title')}</h1>
      <nav aria-label={t('admin.home.title')}>
        <ul className="stack">
          <li><a href={urlFor('admin.users')}>{t('admin.home.users')}</a></li>
          <li><a href="/admin/flags">{t('admin.home.flags')}</a></li>
          <li><a href="/moderation">{t('admin.home.moderation')}</a></li>
          <li><a href={urlFor('admin.audit')}>{t('admin.home.audit')}</a></li>
        </ul>
      </nav>
      <section className="stack" aria-labelledby="debug-menu">
        <h2 id="debug-menu">{t('admin.debug.title')}</h2>
        <p className="muted">{t('admin.debug.help')}</p>
        <div className="row" role="radiogroup" aria-labelledby="debug-menu">
          {LEVELS.map((level) => (
            <label key={level}>
              <input type="radio" name="debug_menu" value={level} checked={debugMenu === level} onChange={() => setLevel(level)} /> {t(`admin.debug.${level}`)}
            </label>
          ))}
        </div>
      </section>
    </div>
  )
}
