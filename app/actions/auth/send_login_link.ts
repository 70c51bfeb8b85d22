import LoginLinkMail from '#mails/login_link_mail'
import { emailOneTimeLink } from '#actions/auth/email_one_time_link'

const LOGIN_LINK_MINUTES = 15

/**
 * The web_to_app sign-in: a one-time link e-mailed to the address. Opening it
 * signs in the browser, and offers the code to the app (mnemo://auth?code=…).
 */
export async function sendLoginLink(input: { email: string; locale: string }) {
  await emailOneTimeLink({
    email: input.email,
    locale: input.locale,
    purpose: 'login_link',
    path: '/auth/link',
    minutes: LOGIN_LINK_MINUTES,
    mail: LoginLinkMail,
  })
}
