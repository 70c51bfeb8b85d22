import { Head, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'

type Props = { user: Data.Admin }

export default function AdminUser({ user }: Props) {
  const t = useT()
  const setPremium = (premium: boolean | null) =>
    router.post(
      urlFor('admin.users.premium', { id: user.id }),
      { premium },
      { preserveScroll: true }
    )
  const override = user.premiumOverride === null ? 'none' : user.premiumOverride ? 'on' : 'off'
  return (
    <div className="stack">
      <Head title={t('admin.user.title', { id: user.id })} />
      <p>
        <a href={urlFor('admin.users')}>{t('admin.users.title')}</a>
      </p>
      <h1>{t('admin.user.title', { id: user.id })}</h1>
      <dl>
        <dt>{t('admin.users.email')}</dt>
        <dd>{user.email ?? t('admin.users.no_email')}</dd>
        <dt>{t('admin.users.name')}</dt>
        <dd>
          {user.name ?? ''}
          {user.username ? ` (@${user.username})` : ''}
        </dd>
        <dt>{t('admin.user.provider')}</dt>
        <dd>{user.provider}</dd>
        <dt>{t('admin.user.subscription_premium')}</dt>
        <dd>{user.subscriptionPremium ? t('admin.users.yes') : t('admin.users.no')}</dd>
        <dt>{t('admin.users.premium')}</dt>
        <dd data-effective-premium={String(user.isPremium)}>
          {user.isPremium ? t('admin.users.yes') : t('admin.users.no')}
        </dd>
      </dl>
      <section className="stack" aria-labelledby="premium-override">
        <h2 id="premium-override">{t('admin.user.override')}</h2>
        <p>{t(`admin.user.override_${override}`)}</p>
        <div className="row">
          <button
            type="button"
            className="button"
            disabled={override === 'on'}
            onClick={() => setPremium(true)}
          >
            {t('admin.user.grant')}
          </button>
          <button
            type="button"
            className="button ghost"
            disabled={override === 'off'}
            onClick={() => setPremium(false)}
          >
            {t('admin.user.revoke')}
          </button>
          <button
            type="button"
            className="button ghost"
            disabled={override === 'none'}
            onClick={() => setPremium(null)}
          >
            {t('admin.user.clear')}
          </button>
        </div>
      </section>
      <section className="stack" aria-labelledby="masquerade">
        <h2 id="masquerade">{t('admin.user.masquerade_title')}</h2>
        <p className="muted">{t('admin.user.masquerade_help')}</p>
        <button
          type="button"
          className="button"
          onClick={() => router.post(urlFor('admin.users.masquerade', { id: user.id }))}
        >
          {t('admin.user.masquerade')}
        </button>
      </section>
    </div>
  )
}
