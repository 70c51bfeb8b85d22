/* The settings page's sections of issue 17: the study reminder, feedback with stars, help and what's new. */
import { useState } from 'react'
import { Form, Link } from '@adonisjs/inertia/react'
import { Star } from 'lucide-react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'
import '~/css/client.css'

export type StudyReminder = Data.StudyReminder

/** When the learner wants to study; the e-mail goes at that time on days with cards due and the day not done. */
export function ReminderSection({ reminder }: { reminder: StudyReminder }) {
  const t = useT()
  const { locale } = useShared()
  const next = reminder.nextAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(reminder.nextAt)
      )
    : null
  return (
    <section className="section" aria-labelledby="reminder">
      <h2 id="reminder">{t('client.reminders.title')}</h2>
      <p className="muted">{t('client.reminders.intro')}</p>
      <Form route="settings.reminder" options={{ preserveScroll: true }} className="stack">
        {({ errors, processing }) => (
          <>
            <label className="field">
              <span>{t('client.reminders.time')}</span>
              <input
                type="time"
                name="study_reminder_time"
                defaultValue={reminder.time ?? '19:00'}
                aria-invalid={errors.study_reminder_time ? true : undefined}
              />
              {errors.study_reminder_time && (
                <small className="field-error" role="alert">
                  {errors.study_reminder_time}
                </small>
              )}
            </label>
            <label className="row">
              {/* unticked, the box sends nothing: the hidden field before it sends the "off" */}
              <input type="hidden" name="study_reminder_enabled" value="false" />
              <input
                type="checkbox"
                name="study_reminder_enabled"
                value="true"
                defaultChecked={reminder.enabled}
              />
              <span>{t('client.reminders.enabled')}</span>
            </label>
            <small className="muted" data-reminder-next>
              {next ? t('client.reminders.next', { at: next }) : t('client.reminders.off')}
            </small>
            <small className="muted">{t('client.reminders.claim')}</small>
            <button type="submit" className="button primary" disabled={processing}>
              {t('client.reminders.save')}
            </button>
          </>
        )}
      </Form>
    </section>
  )
}

/** Stars (1-5) and a few words; the server maps the stars as the spec says (2 or fewer not_at_all … 5 love_it). */
export function FeedbackSection() {
  const t = useT()
  /* the stars chosen light up the ones before them, and the form is sent once one is chosen */
  const [stars, setStars] = useState(0)
  const [hover, setHover] = useState(0)
  const shown = hover || stars
  return (
    <section className="section" aria-labelledby="feedback">
      <h2 id="feedback">{t('client.feedback.title')}</h2>
      <p className="muted">{t('client.feedback.intro')}</p>
      <Form
        route="feedback.store"
        options={{ preserveScroll: true }}
        resetOnSuccess
        onSuccess={() => setStars(0)}
        className="stack"
      >
        {({ errors, processing }) => (
          <>
            <fieldset className="stars" onMouseLeave={() => setHover(0)}>
              <legend>{t('client.feedback.stars')}</legend>
              {[1, 2, 3, 4, 5].map((star) => (
                <label
                  key={star}
                  onMouseEnter={() => setHover(star)}
                  className={star <= shown ? 'on' : 'off'}
                  title={t('client.feedback.star', { count: star })}
                >
                  <input
                    type="radio"
                    name="stars"
                    value={star}
                    checked={stars === star}
                    onChange={() => setStars(star)}
                    aria-label={t('client.feedback.star', { count: star })}
                  />
                  <Star size="1em" fill="currentColor" aria-hidden="true" />
                </label>
              ))}
            </fieldset>
            {errors.stars && (
              <small className="field-error" role="alert">
                {errors.stars}
              </small>
            )}
            <label className="field">
              <span>{t('client.feedback.text')}</span>
              <textarea name="text" maxLength={2000} rows={3} />
            </label>
            <button type="submit" className="button primary" disabled={processing || stars === 0}>
              {t('client.feedback.send')}
            </button>
          </>
        )}
      </Form>
    </section>
  )
}

/** Help centre, what's new, contact support (a mail to the support address), the year in review. */
export function HelpLinks() {
  const t = useT()
  const { notices, user } = useShared()
  return (
    <section className="section">
      <h2>{t('settings.help')}</h2>
      <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
        <li>
          <Link route="help.show">{t('client.settings.help_centre')}</Link>
        </li>
        <li>
          <Link route="whats_new.show">{t('client.settings.whats_new')}</Link>
        </li>
        <li>
          <a href={`mailto:${notices.supportEmail}`}>{t('settings.contact_support')}</a>
        </li>
        {user && !user.isGuest && (
          <li>
            <Link route="wrapped.show">{t('client.settings.wrapped')}</Link>
          </li>
        )}
      </ul>
    </section>
  )
}
