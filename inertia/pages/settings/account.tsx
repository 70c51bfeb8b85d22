import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { FormError } from '~/components/ui/form_error'
import type { SocialOptions } from '~/components/social_buttons'
import {
  SubscriptionSection,
  type SubscriptionSummary,
} from '~/components/payments/subscription_section'
import { PublicProfileSection } from '~/components/client/public_profile_section'
import {
  LeaveSection,
  PasswordSection,
  PhotoSection,
  ProfileSection,
  SocialSection,
  type Account,
} from '~/components/settings/account_sections'

/** The account: a guest's way to sign up, then the photo, profile, password, social sign-ins, sign out and deletion. */
export default function AccountSettings({
  account,
  social,
  subscription,
}: {
  account: Account
  social: SocialOptions
  subscription: SubscriptionSummary
}) {
  const t = useT()
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
      <PhotoSection account={account} />
      <ProfileSection account={account} />
      {!account.isGuest && <PublicProfileSection account={account} />}
      <PasswordSection account={account} />
      <SocialSection account={account} social={social} />
      <SubscriptionSection subscription={subscription} />
      <LeaveSection account={account} />
    </div>
  )
}
