import PasswordResetMail from '#mails/password_reset_mail'
import { emailOneTimeLink } from '#actions/auth/email_one_time_link'

const RESET_LINK_MINUTES = 60

/** E-mails a single-use reset link; the same answer whether or not the address has an account. */
export async function requestPasswordReset(input: { email: string; locale: string }) {
  await emailOneTimeLink({
    email: input.email,
    locale: input.locale,
    purpose: 'password_reset',
    path: '/reset-password',
    minutes: RESET_LINK_MINUTES,
    mail: PasswordResetMail,
  })
}
