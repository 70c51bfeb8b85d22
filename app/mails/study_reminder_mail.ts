import { BaseMail } from '@adonisjs/mail'
import i18nManager from '@adonisjs/i18n/services/main'
import { composeLocalizedMail } from '#mails/localized_mail'

/**
 * The daily study reminder (app/actions/client/study_reminders.ts), in the
 * learner's language, with a one-click unsubscribe link in the body and in
 * the List-Unsubscribe headers (RFC 8058: mail clients POST to it).
 */
export default class StudyReminderMail extends BaseMail {
  constructor(
    private to: string,
    private values: { name: string; due: string },
    private locale: string,
    private studyLink: string,
    private unsubscribeLink: string
  ) {
    super()
  }

  prepare() {
    composeLocalizedMail(this.message, {
      to: this.to,
      key: 'study_reminder',
      locale: this.locale,
      values: this.values,
      link: this.studyLink,
      details: true,
      footer: {
        text: i18nManager.locale(this.locale).t('emails.study_reminder.unsubscribe'),
        link: this.unsubscribeLink,
      },
    })
    this.message.header('List-Unsubscribe', `<${this.unsubscribeLink}>`)
    this.message.header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
  }
}
