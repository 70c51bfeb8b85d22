import { Head, router } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { applyTheme } from '~/lib/theme'
import { urlFor } from '~/lib/routes'
import {
  SubscriptionSection,
  type SubscriptionSummary,
} from '~/components/payments/subscription_section'
import { ReferralSection } from '~/components/payments/referral_section'
import {
  FeedbackSection,
  HelpLinks,
  ReminderSection,
  type StudyReminder,
} from '~/components/client/settings_sections'
import { AppBanner } from '~/components/client/notices'
import { SchedulingLink } from '~/components/decks/scheduling_link'
import { AnkiconnectSection, type AnkiconnectKey } from '~/components/settings/ankiconnect_section'

const LANGUAGES = ['en', 'de', 'pt', 'es', 'fr'] as const
/* a share of a normal day's reviews, as the select offers it */
const LEVELS = [100, 75, 50, 25, 0] as const
/* Monday first on the page; stored Sunday first */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const

/** Easy days (app/scheduling/balance.ts): a share of a normal day for each weekday. */
function EasyDays({ easyDays }: { easyDays: number[] }) {
  const t = useT()
  return (
    <section className="section" aria-labelledby="easy-days">
      <h2 id="easy-days">{t('exam.easy_days.title')}</h2>
      <p className="muted">{t('exam.easy_days.description')}</p>
      <SchedulingLink />
      {/* each select is `easy_days[<weekday>]`, its value a share: the form sends the seven
          as one list, Sunday first */}
      <Form route="settings.easy_days" options={{ preserveScroll: true }} className="stack">
        {({ errors: typed, processing }) => {
          const errors = typed as Record<string, string | undefined>
          return (
            <>
              <div className="settings-grid">
                {WEEK.map((day) => (
                  <label key={day} className="field">
                    <span>{t(`exam.easy_days.weekdays.${day}`)}</span>
                    <select
                      name={`easy_days[${day}]`}
                      aria-label={`${t(`exam.easy_days.weekdays.${day}`)}: ${t('exam.easy_days.share')}`}
                      defaultValue={String(Math.round(easyDays[day] * 100) / 100)}
                    >
                      {LEVELS.map((level) => (
                        <option key={level} value={String(level / 100)}>
                          {t(`exam.easy_days.levels.${level}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </div>
              {(errors.easy_days || errors['easy_days.0']) && (
                <small className="field-error">{errors.easy_days ?? errors['easy_days.0']}</small>
              )}
              <div className="row">
                <button type="submit" className="button primary" disabled={processing}>
                  {t('exam.easy_days.save')}
                </button>
              </div>
            </>
          )
        }}
      </Form>
    </section>
  )
}

export default function Settings({
  easyDays,
  subscription,
  reminder,
  ankiconnect,
}: {
  easyDays: number[] | null
  subscription: SubscriptionSummary | null
  reminder: StudyReminder | null
  ankiconnect: AnkiconnectKey | null
}) {
  const { theme, themes, locale, user } = useShared()
  const t = useT()

  const chooseTheme = (next: string) => {
    applyTheme(next)
    router.put(
      urlFor('settings.appearance'),
      { theme: next },
      { preserveScroll: true, preserveState: true }
    )
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
            <button
              key={name}
              type="button"
              className="button"
              aria-pressed={theme === name}
              data-theme-option={name}
              onClick={() => chooseTheme(name)}
            >
              {t(`settings.theme_${name}`)}
            </button>
          ))}
        </div>
      </section>
      <section className="section">
        <label className="field">
          <span>{t('settings.language')}</span>
          <select
            name="locale"
            value={locale}
            onChange={(event) => chooseLanguage(event.target.value)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
      </section>
      {user && easyDays && <EasyDays easyDays={easyDays} />}
      {reminder && <ReminderSection reminder={reminder} />}
      {ankiconnect && <AnkiconnectSection ankiconnect={ankiconnect} />}
      <HelpLinks />
      {user && <Link route="account.show">{t('settings.account_settings')}</Link>}
      {user && <FeedbackSection />}
      <AppBanner />
      {subscription && <SubscriptionSection subscription={subscription} />}
      <ReferralSection />
    </div>
  )
}
