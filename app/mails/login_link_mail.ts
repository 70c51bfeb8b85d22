import LocalizedMail from '#mails/localized_mail'

export default class LoginLinkMail extends LocalizedMail {
  key = 'login_link'
}
