import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { applyTheme } from '~/lib/theme'
import { urlFor } from '~/lib/routes'
import { SubscriptionSection, type SubscriptionSummary } from '~/components/payments/subscription_section'
import { FeedbackSection, HelpLinks, ReminderSection, type StudyReminder } from '~/components/client/settings_sections'
import { AppBanner } from '~/components/client/notices'

const LANGUAGES = ['en', 'de', 'pt', 'es', 'fr'] as const

export default function Settings({ subscription, reminder }: { subscription: SubscriptionSummary | null; reminder: StudyReminder | null }) {
  const { theme, themes, locale, user } = useShared()
  const t = useT()

  const chooseTheme = (next: string) => {
    applyTheme(next)
    router.put(urlFor('settings.appearance'), { theme: next }, { preserveScroll: true, preserveState: true })
  }
  const chooseLanguage = (next: string) => {
    router.put(urlFor('settings.language'), { locale: next }, { preserveScroll: true })
  }

  return (
    <div className="card stack">
      <Head title={t('settings.title')} />
      <h1>{t('settings.title')}</h1>
      <section className="section" aria-labelledby="appearance">
        <h2 id="appearance">{t('settings.appearance')}</h2>
        <div className="segmented" role="group" aria-labelledby="appearance">
          {themes.map((name) => (
            <button key={name} type="button" className="button" aria-pressed={theme === name} data-theme-option={name} onClick={() => chooseTheme(name)}>
              {t(`settings.theme_${name}`)}
            </button>
          ))}
        </div>
      </section>
      <section className="section">
        <label className="field">
          <span>{t('settings.language')}</span>
          <select name="locale" value={locale} onChange={(event) => chooseLanguage(event.target.value)}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
      </section>
      {reminder && <ReminderSection reminder={reminder} />}
      <HelpLinks />
      {user && <Link route="account.show">{t('settings.account_settings')}</Link>}
      {user && <FeedbackSection />}
      <AppBanner />
      {subscription && <SubscriptionSection subscription={subscription} />}
    </div>
  )
}
