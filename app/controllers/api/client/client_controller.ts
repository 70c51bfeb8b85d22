import type { HttpContext } from '@adonisjs/core/http'
import { eventShown, recordEvent } from '#actions/client/events'
import { rateApp } from '#actions/client/rate_app'
import AppRatingTransformer from '#transformers/app_rating_transformer'
import ClientEventTransformer from '#transformers/client_event_transformer'
import EventShownTransformer from '#transformers/event_shown_transformer'
import { serialize } from '#transformers/serialize'
import { appRatingValidator, eventCheckValidator, eventValidator } from '#validators/client'

/**
 * The apps' small calls of the spec's §7 table: events shown, and the app rating. Each reads and writes the
 * caller's own rows only.
 */
export default class ClientController {
  /** POST events {event_hash}: the learner was shown the event (its first hour-of-day bucket kept). */
  async recordEvent({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const event = await recordEvent(user, await request.validateUsing(eventValidator))
    const reply = await serialize(ClientEventTransformer.transform(event))
    return response.status(event.alreadyShown ? 200 : 201).send(reply)
  }

  /** GET events/check?event_hash: whether the learner has been shown the event. */
  async checkEvent({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const event = await eventShown(user, await request.validateUsing(eventCheckValidator))
    return serialize(EventShownTransformer.transform(event))
  }

  /** POST app_ratings.json {feedback_type, text, prefix}: kept as given (text as plain text). */
  async rate({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const rating = await rateApp(user, await request.validateUsing(appRatingValidator))
    return response.created(await serialize(AppRatingTransformer.transform(rating)))
  }
}
