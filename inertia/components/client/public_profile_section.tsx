import { Form, Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import type { Account } from '~/components/settings/account_sections'
import '~/css/client.css'

const NETWORKS = ['website', 'youtube', 'instagram', 'tiktok', 'x'] as const
const COLORS = ['blue', 'violet', 'orange', 'red', 'green'] as const

/**
 * What the public profile shows: the bio, the links (a fixed set of networks) and the avatar colour; saved
 * together.
 */
export function PublicProfileSection({ account }: { account: Account }) {
  const t = useT()
  const links = account.socialLinks as Record<string, string>
  return (
    <section className="section" aria-labelledby="public-profile">
      <h2 id="public-profile">{t('client.profile.title')}</h2>
      <p className="muted">{t('client.profile.intro')}</p>
      {account.username && (
        <Link route="users.profile" routeParams={{ id: account.username }} data-public-profile-link>
          {t('client.profile.view')}
        </Link>
      )}
      {/* the links' inputs are named `social_links.<network>`: the form sends them as one object */}
      <Form route="account.public_profile" options={{ preserveScroll: true }} className="stack">
        {({ errors: typed, processing }) => {
          const errors = typed as Record<string, string | undefined>
          return (
            <>
              <label className="field">
                <span>{t('client.profile.about')}</span>
                <textarea
                  name="about"
                  maxLength={500}
                  rows={3}
                  defaultValue={account.about ?? ''}
                  aria-invalid={errors.about ? true : undefined}
                />
                {errors.about && (
                  <small className="field-error" role="alert">
                    {errors.about}
                  </small>
                )}
              </label>
              <fieldset className="color-choices">
                <legend>{t('client.profile.avatar_color')}</legend>
                {COLORS.map((color) => (
                  <label key={color} className="color-choice">
                    <input
                      type="radio"
                      name="avatar_color"
                      value={color}
                      defaultChecked={account.avatarColor === color}
                    />
                    <span className={`color-swatch avatar-${color}`} aria-hidden="true" />
                    {t(`client.profile.color.${color}`)}
                  </label>
                ))}
              </fieldset>
              <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
                <legend>{t('client.profile.links')}</legend>
                {NETWORKS.map((network) => (
                  <label key={network} className="field">
                    <span>{t(`client.profile.network.${network}`)}</span>
                    <input
                      type="url"
                      name={`social_links.${network}`}
                      inputMode="url"
                      placeholder="https://"
                      maxLength={300}
                      defaultValue={links[network] ?? ''}
                      aria-invalid={errors[`social_links.${network}`] ? true : undefined}
                    />
                    {errors[`social_links.${network}`] && (
                      <small className="field-error" role="alert">
                        {errors[`social_links.${network}`]}
                      </small>
                    )}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="button primary" disabled={processing}>
                {t('client.profile.save')}
              </button>
            </>
          )
        }}
      </Form>
    </section>
  )
}
