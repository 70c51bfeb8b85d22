import LocalizedMail from '#mails/localized_mail'

export default class PasswordResetMail extends LocalizedMail {
  key = 'password_reset'
}
