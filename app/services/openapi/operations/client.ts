/* client */
import type { Operations } from '#services/openapi/operation'
import { appRatingValidator, eventCheckValidator, eventValidator } from '#validators/client'

export const clientOperations: Operations = {
  'POST /events': {
    summary: 'The learner was shown an event',
    description:
      'The learner was shown an event: recorded once (first time and hour-of-day bucket kept, later ' +
      'showings counted); 201 the first time, 200 after',
    body: eventValidator,
    ok: { 200: 'ClientEvent', 201: 'ClientEvent' },
  },
  'GET /events/check': {
    summary: "Whether the learner has been shown the event; only the caller's own events",
    description:
      "Whether the learner has been shown the event (query: event_hash); only the caller's own events",
    query: eventCheckValidator,
    ok: { 200: 'EventShown' },
  },
  'POST /app_ratings.json': {
    summary: "The learner's rating of the app, kept",
    description:
      "The learner's rating of the app, kept. feedback_type from stars: 2 or fewer not_at_all, 3 " +
      'its_okay, 4 a_lot, 5 love_it',
    body: appRatingValidator,
    ok: { 201: 'AppRating' },
  },
  'GET /users/wrapped/share.png': {
    summary: 'The year in review as a 1080×1350 PNG to share',
    description:
      'The year in review as a 1080×1350 PNG to share (query: year, the current one by default)',
    ok: { 200: { media: 'image/png', description: 'The image' } },
  },
  'POST /ankiconnect_key': {
    summary: 'A new AnkiConnect key for the learner, and the URL to paste with it',
    description:
      'A new AnkiConnect key (the previous one stops working at once) and the URL of the AnkiConnect ' +
      'door, POST /ankiconnect, to paste into Yomitan, Obsidian_to_Anki or another AnkiConnect client ' +
      'with the key (docs/ankiconnect.md)',
    ok: { 201: 'AnkiconnectKey' },
  },
}
