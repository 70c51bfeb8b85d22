/*
| Events shown, the app rating and the year-in-review share image in the
| OpenAPI document (issue 17).
*/
import { entity, errors, int, nullable, obj, op, ref, str, bool } from '#services/openapi/schema'

const auth = true
const eventHash = str({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:\\-]+$', description: 'the event\'s name or hash as the app makes it' })

const eventShown = {
  eventHash: str(),
  shown: bool,
  timesShown: int,
  firstShownAt: nullable(str({ format: 'date-time' })),
  hourBucket: nullable(str({ enum: ['night', 'morning', 'afternoon', 'evening'], description: 'on the learner\'s clock when first shown: night 0-6, morning 6-12, afternoon 12-18, evening otherwise' })),
}

export const clientSchemas = {
  EventShown: entity(eventShown),
  EventRecorded: entity({ alreadyShown: bool, ...eventShown }),
}

export const clientPaths = {
  '/events': {
    post: op('The learner was shown an event: recorded once (first time and hour-of-day bucket kept, later showings counted); 201 the first time, 200 after', {
      auth,
      body: obj({ event_hash: eventHash }, ['event_hash']),
      ok: [201, ref('EventRecorded')],
      extra: { '200': { description: 'Shown before: counted again', content: { 'application/json': { schema: ref('EventRecorded') } } } },
    }),
  },
  '/events/check': {
    get: op('Whether the learner has been shown the event (query: event_hash); only the caller\'s own events', {
      auth,
      ok: [200, ref('EventShown')],
      extra: { '422': errors['422'] },
    }),
  },
  '/app_ratings.json': {
    post: op('The learner\'s rating of the app, kept. feedback_type from stars: 2 or fewer not_at_all, 3 its_okay, 4 a_lot, 5 love_it', {
      auth,
      body: obj(
        {
          feedback_type: str({ enum: ['not_at_all', 'its_okay', 'a_lot', 'love_it'] }),
          text: str({ maxLength: 2000, description: 'plain text (markup is removed)' }),
          prefix: str({ maxLength: 100, description: 'where the rating was asked (the app\'s own label)' }),
        },
        ['feedback_type']
      ),
      ok: [201, entity({ id: int, feedbackType: str(), createdAt: str({ format: 'date-time' }) })],
    }),
  },
  '/users/wrapped/share.png': {
    get: {
      ...op('The year in review as a 1080×1350 PNG to share (query: year, the current one by default)', { auth, ok: [200, null], extra: { '422': errors['422'] } }),
      responses: {
        '200': { description: 'The image', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
        '401': errors['401'],
        '422': errors['422'],
      },
    },
  },
}
