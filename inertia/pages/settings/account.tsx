import { Head, router, useForm } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { Field } from '~/components/field'
import { Avatar } from '~/components/avatar'
import { FormError } from '~/components/form_error'
import { useAlert } from '~/components/alert_dialog'
import type { SocialOptions } from '~/components/social_buttons'
import type UserTransformer from '#transformers/user_transformer'
import { urlFor, type Plain } from '~/lib/routes'

type Account = Plain<ReturnType<typeof UserTransformer.forAccountSettings>>

export default function AccountSettings({ account, social }: { account: Account; social: SocialOptions }) {
  const t = useT()
  const alert = useAlert()
  const profile = useForm({ name: account.name ?? '', username: account.username ?? '', email: account.email ?? '', current_password: '' })
  const password = useForm({ current_password: '', password: '', password_confirmation: '' })

  const confirmDelete = () =>
    alert({
      title: t('account.delete'),
      body: t('account.delete_body', { username: account.username }),
      input: { placeholder: account.username ?? '', maxLength: 30, counter: true },
      submitLabel: t('account.delete_confirm'),
      danger: true,
      onSubmit: (confirmation) => router.delete(urlFor('account.destroy'), { data: { confirmation } }),
    })

  return (
    <div className="card stack">
      <Head title={t('account.title')} />
      <h1>{t('account.title')}</h1>
      <FormError />
      {account.isGuest && (
        <div className="section">
          <h2>{t('account.guest_title')}</h2>
          <p className="muted">{t('account.guest_body')}</p>
          <Link route="auth.sign_up" className="button primary">
            {t('home.guest_cta')}
          </Link>
        </div>
      )}

      <section className="section">
        <h2>{t('account.photo')}</h2>
        <div className="row">
          <Avatar user={account} size={64} />
          <label className="button">
            {t('account.change_photo')}
            <input
              type="file"
              name="avatar"
              accept="image/*"
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) router.post(urlFor('account.avatar'), { avatar: file }, { forceFormData: true, preserveScroll: true })
              }}
            />
          </label>
        </div>
        <small className="muted">{t('account.photo_hint')}</small>
      </section>

      <section className="section">
        <h2>{t('account.profile')}</h2>
        <form onSubmit={(event) => (event.preventDefault(), profile.put(urlFor('account.profile'), { preserveScroll: true, onFinish: () => profile.reset('current_password') }))}>
          <Field label={t('account.name')} name="name" value={profile.data.name} error={profile.errors.name} onChange={(e) => profile.setData('name', e.target.value)} />
          <Field label={t('account.username')} name="username" value={profile.data.username} maxLength={30} error={profile.errors.username} onChange={(e) => profile.setData('username', e.target.value)} />
          <Field label={t('account.email')} name="email" type="email" value={profile.data.email} error={profile.errors.email} onChange={(e) => profile.setData('email', e.target.value)} />
          {account.hasPassword && (
            <Field label={t('account.current_password')} name="current_password" type="password" autoComplete="current-password" placeholder={t('account.current_password_hint')} value={profile.data.current_password} error={profile.errors.current_password} onChange={(e) => profile.setData('current_password', e.target.value)} />
          )}
          <button type="submit" className="button primary" disabled={profile.processing}>
            {t('account.save')}
          </button>
        </form>
      </section>

      <section className="section">
        <h2>{t('account.password')}</h2>
        <form onSubmit={(event) => (event.preventDefault(), password.put(urlFor('account.password'), { preserveScroll: true, onSuccess: () => password.reset() }))}>
          {account.hasPassword && (
            <Field label={t('account.current_password')} name="current_password" type="password" autoComplete="current-password" value={password.data.current_password} error={password.errors.current_password} onChange={(e) => password.setData('current_password', e.target.value)} />
          )}
          <Field label={t('account.new_password')} name="password" type="password" autoComplete="new-password" value={password.data.password} error={password.errors.password} onChange={(e) => password.setData('password', e.target.value)} />
          <Field label={t('account.confirm_password')} name="password_confirmation" type="password" autoComplete="new-password" value={password.data.password_confirmation} error={password.errors.password_confirmation} onChange={(e) => password.setData('password_confirmation', e.target.value)} />
          <button type="submit" className="button primary" disabled={password.processing}>
            {t('account.change_password')}
          </button>
        </form>
      </section>

      <section className="section">
        <h2>{t('account.social')}</h2>
        {(['google', 'apple'] as const).map((provider) => {
          const connected = account.connectedProviders.find((item) => item.provider === provider)
          return (
            <div key={provider} className="provider-row">
              <span>
                <strong>{provider === 'google' ? 'Google' : 'Apple'}</strong>{' '}
                <span className="muted">{connected ? (connected.email ?? t('account.connected')) : t('account.not_connected')}</span>
              </span>
              {connected ? (
                <button type="button" className="button small" onClick={() => router.delete(urlFor('account.social.destroy', { provider }), { preserveScroll: true })}>
                  {t('account.disconnect')}
                </button>
              ) : (
                social[provider] && (
                  <a className="button small" href={urlFor(`auth.${provider}.redirect`)}>
                    {t('account.connect')}
                  </a>
                )
              )}
            </div>
          )
        })}
      </section>

      <section className="section row">
        <button type="button" className="button" onClick={() => router.post(urlFor('auth.sign_out'))}>
          {t('account.sign_out')}
        </button>
        <button type="button" className="button danger" onClick={confirmDelete}>
          {t('account.delete')}
        </button>
      </section>
    </div>
  )
}
