/* The account page's sections: the photo, the profile, the password, the social sign-ins, and leaving. */
import { router } from '@inertiajs/react'
import { Form } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { confirmationError, Field } from '~/components/ui/field'
import { Avatar } from '~/components/avatar'
import { useAlert } from '~/components/ui/alert_dialog'
import type { SocialOptions } from '~/components/social_buttons'
import type { Data } from '~generated/data'

export type Account = Data.User.Variants['forEditor']

/** The photo, sent as soon as one is chosen. */
export function PhotoSection({ account }: { account: Account }) {
  const t = useT()
  return (
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
              if (file)
                router.post(
                  urlFor('account.avatar'),
                  { avatar: file },
                  { preserveScroll: true, forceFormData: true }
                )
            }}
          />
        </label>
      </div>
      <small className="muted">{t('account.photo_hint')}</small>
    </section>
  )
}

/** Name, username and e-mail; an account with a password confirms the change with it. */
export function ProfileSection({ account }: { account: Account }) {
  const t = useT()
  return (
    <section className="section">
      <h2>{t('account.profile')}</h2>
      <Form
        route="account.profile"
        options={{ preserveScroll: true }}
        resetOnError={['current_password']}
        resetOnSuccess={['current_password']}
      >
        {({ errors, processing }) => (
          <>
            <Field
              label={t('account.name')}
              name="name"
              defaultValue={account.name ?? ''}
              error={errors.name}
            />
            <Field
              label={t('account.username')}
              name="username"
              defaultValue={account.username ?? ''}
              maxLength={30}
              error={errors.username}
            />
            <Field
              label={t('account.email')}
              name="email"
              type="email"
              defaultValue={account.email ?? ''}
              error={errors.email}
            />
            {account.hasPassword && (
              <Field
                label={t('account.current_password')}
                name="current_password"
                type="password"
                autoComplete="current-password"
                placeholder={t('account.current_password_hint')}
                error={errors.current_password}
              />
            )}
            <button type="submit" className="button primary" disabled={processing}>
              {t('account.save')}
            </button>
          </>
        )}
      </Form>
    </section>
  )
}

/** A new password (the current one first, when there is one). */
export function PasswordSection({ account }: { account: Account }) {
  const t = useT()
  return (
    <section className="section">
      <h2>{t('account.password')}</h2>
      <Form route="account.password" options={{ preserveScroll: true }} resetOnSuccess>
        {({ errors, processing }) => (
          <>
            {account.hasPassword && (
              <Field
                label={t('account.current_password')}
                name="current_password"
                type="password"
                autoComplete="current-password"
                error={errors.current_password}
              />
            )}
            <Field
              label={t('account.new_password')}
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
            />
            <Field
              label={t('account.confirm_password')}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              error={confirmationError(errors)}
            />
            <button type="submit" className="button primary" disabled={processing}>
              {t('account.change_password')}
            </button>
          </>
        )}
      </Form>
    </section>
  )
}

/** Google and Apple: connected (with the address), or a way to connect the configured ones. */
export function SocialSection({ account, social }: { account: Account; social: SocialOptions }) {
  const t = useT()
  return (
    <section className="section">
      <h2>{t('account.social')}</h2>
      {(['google', 'apple'] as const).map((provider) => {
        const connected = account.connectedProviders.find((item) => item.provider === provider)
        return (
          <div key={provider} className="provider-row">
            <span>
              <strong>{provider === 'google' ? 'Google' : 'Apple'}</strong>{' '}
              <span className="muted">
                {connected
                  ? (connected.email ?? t('account.connected'))
                  : t('account.not_connected')}
              </span>
            </span>
            {connected ? (
              <button
                type="button"
                className="button small"
                onClick={() =>
                  router.delete(urlFor('account.social.destroy', { provider }), {
                    preserveScroll: true,
                  })
                }
              >
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
  )
}

/** Sign out, or delete the account (typing its username confirms). */
export function LeaveSection({ account }: { account: Account }) {
  const t = useT()
  const alert = useAlert()
  const confirmDelete = () =>
    alert({
      title: t('account.delete'),
      body: t('account.delete_body', { username: account.username }),
      input: { placeholder: account.username ?? '', maxLength: 30, counter: true },
      submitLabel: t('account.delete_confirm'),
      danger: true,
      onSubmit: (confirmation) =>
        router.delete(urlFor('account.destroy'), { data: { confirmation } }),
    })
  return (
    <section className="section row">
      <button type="button" className="button" onClick={() => router.post(urlFor('auth.sign_out'))}>
        {t('account.sign_out')}
      </button>
      <button type="button" className="button danger" onClick={confirmDelete}>
        {t('account.delete')}
      </button>
    </section>
  )
}
