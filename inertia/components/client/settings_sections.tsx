/* The settings page's sections of issue 17: the study reminder, feedback with stars, help and what's new. */
import { useState } from 'react'
import { useForm } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Star } from 'lucide-react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { urlFor, type Plain } from '~/lib/routes'
import type UserTransformer from '#transformers/user_transformer'
import '~/css/client.css'

export type StudyReminder = Plain<ReturnType<typeof UserTransformer.studyReminder>>

/** When the learner wants to study; the e-mail goes at that time on days with cards due and the day not done. */
export function ReminderSection({ reminder }: { reminder: StudyReminder }) {
  const t = useT()
  const { locale } = useShared()
  const form = useForm({ study_reminder_time: reminder.time ?? '19:00', study_reminder_enabled: reminder.enabled })
  const next = reminder.nextAt ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(reminder.nextAt)) : null
  return (
    <section className="section" aria-labelledby="reminder">
      <h2 id="reminder">{t('client.reminders.title')}</h2>
      <p className="muted">{t('client.reminders.intro')}</p>
      <form onSubmit={(event) => (event.preventDefault(), form.put(urlFor('settings.reminder'), { preserveScroll: true }))} className="stack">
        <label className="field">
          <span>{t('client.reminders.time')}</span>
          <input type="time" name="study_reminder_time" value={form.data.study_reminder_time} onChange={(e) => form.setData('study_reminder_time', e.target.value)} aria-invalid={form.errors.study_reminder_time ? true : undefined} />
          {form.errors.study_reminder_time && <small className="field-error" role="alert">{form.errors.study_reminder_time}</small>}
        </label>
        <label className="row">
          <input type="checkbox" name="study_reminder_enabled" checked={form.data.study_reminder_enabled} onChange={(e) => form.setData('study_reminder_enabled', e.target.checked)} />
          <span>{t('client.reminders.enabled')}</span>
        </label>
        <small className="muted" data-reminder-next>{next ? t('client.reminders.next', { at: next }) : t('client.reminders.off')}</small>
        <small className="muted">{t('client.reminders.claim')}</small>
        <button type="submit" className="button primary" disabled={form.processing}>
          {t('client.reminders.save')}
        </button>
      </form>
    </section>
  )
}

/** Stars (1-5) and a few words; the server maps the stars as the spec says (2 or fewer not_at_all … 5 love_it). */
export function FeedbackSection() {
  const t = useT()
  const form = useForm({ stars: 0, text: '' })
  const [hover, setHover] = useState(0)
  const shown = hover || form.data.stars
  return (
    <section className="section" aria-labelledby="feedback">
      <h2 id="feedback">{t('client.feedback.title')}</h2>
      <p className="muted">{t('client.feedback.intro')}</p>
      <form onSubmit={(event) => (event.preventDefault(), form.post(urlFor('feedback.store'), { preserveScroll: true, onSuccess: () => form.reset() }))} className="stack">
        <fieldset className="stars" onMouseLeave={() => setHover(0)}>
          <legend>{t('client.feedback.stars')}</legend>
          {[1, 2, 3, 4, 5].map((star) => (
            <label key={star} onMouseEnter={() => setHover(star)} className={star <= shown ? 'on' : 'off'} title={t('client.feedback.star', { count: star })}>
              <input type="radio" name="stars" value={star} checked={form.data.stars === star} onChange={() => form.setData('stars', star)} aria-label={t('client.feedback.star', { count: star })} />
              <Star size="1em" fill="currentColor" aria-hidden="true" />
            </label>
          ))}
        </fieldset>
        {form.errors.stars && <small className="field-error" role="alert">{form.errors.stars}</small>}
        <label className="field">
          <span>{t('client.feedback.text')}</span>
          <textarea name="text" maxLength={2000} rows={3} value={form.data.text} onChange={(e) => form.setData('text', e.target.value)} />
        </label>
        <button type="submit" className="button primary" disabled={form.processing || form.data.stars === 0}>
          {t('client.feedback.send')}
        </button>
      </form>
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
