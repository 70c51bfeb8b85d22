import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import { appUrl } from '#config/app'

/** The one-click unsubscribe link of a learner's reminders: signed, never expiring, no session needed. */
export function unsubscribeUrl(userId: number) {
  return `${appUrl}${signedUrlFor('reminders.unsubscribe', { id: userId })}`
}
