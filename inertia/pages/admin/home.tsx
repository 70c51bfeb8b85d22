import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

const LEVELS = ['full', 'limited', 'none'] as const

type Props = {
  debugMenu: string
  experiments: Data.Experiment[]
  ownExperiments: Data.Admin.Variants['forEditor']
}

/** The admin's own experiment groups (what the apps show them); '' leaves an experiment unset. */
function OwnExperiments({
  experiments,
  own,
}: {
  experiments: Props['experiments']
  own: Props['ownExperiments']
}) {
  const t = useT()
  const set = (name: string, group: string) =>
    router.post(
      urlFor('admin.experiments'),
      { user: { experiments: { [name]: group || null } } },
      { preserveScroll: true }
    )
  return (
    <section className="stack" aria-labelledby="own-experiments">
      <h2 id="own-experiments">{t('admin.experiments.title')}</h2>
      {experiments.map(({ name, groups }) => (
        <label key={name} className="row">
          <code>{name}</code>
          <select
            name={name}
            value={own[name] ?? ''}
            onChange={(event) => set(name, event.target.value)}
          >
            <option value="">{t('admin.experiments.unset')}</option>
            {groups.map((group) => (
              <option key={group} value={group}>
                {group}
              </option>
            ))}
          </select>
        </label>
      ))}
    </section>
  )
}

export default function AdminHome({ debugMenu, experiments, ownExperiments }: Props) {
  const t = useT()
  const setLevel = (level: string) =>
    router.post(urlFor('admin.debug_menu'), { debug_menu: level }, { preserveScroll: true })
  return (
    <div className="stack">
      <Head title={t('admin.home.title')} />
      <h1>{t('admin.home.title')}</h1>
      <nav aria-label={t('admin.home.title')}>
        <ul className="stack">
          <li>
            <a href={urlFor('admin.users')}>{t('admin.home.users')}</a>
          </li>
          <li>
            <a href="/admin/flags">{t('admin.home.flags')}</a>
          </li>
          <li>
            <a href="/moderation">{t('admin.home.moderation')}</a>
          </li>
          <li>
            <a href={urlFor('admin.audit')}>{t('admin.home.audit')}</a>
          </li>
        </ul>
      </nav>
      <OwnExperiments experiments={experiments} own={ownExperiments} />
      <section className="stack" aria-labelledby="debug-menu">
        <h2 id="debug-menu">{t('admin.debug.title')}</h2>
        <p className="muted">{t('admin.debug.help')}</p>
        <div className="row" role="radiogroup" aria-labelledby="debug-menu">
          {LEVELS.map((level) => (
            <label key={level}>
              <input
                type="radio"
                name="debug_menu"
                value={level}
                checked={debugMenu === level}
                onChange={() => setLevel(level)}
              />{' '}
              {t(`admin.debug.${level}`)}
            </label>
          ))}
        </div>
      </section>
    </div>
  )
}
