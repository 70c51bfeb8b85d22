/*
| Publishing, cloning from the library and moderation in the OpenAPI document.
| Revisions are the author's (and moderators'); anyone else gets a 404.
*/
import { entity, error, errors, int, listOf, nullable, obj, op, ref, str, unprocessable } from '#services/openapi/schema'

const auth = true
const date = str({ format: 'date-time' })
const notFound = { '404': error('Not found, or not yours') }
const changes = entity({ createdCount: int, updatedCount: int, deletedCount: int })

export const publishingSchemas = {
  DeckRevision: entity({
    id: int, deckId: int, publicDeckId: int,
    status: str({ enum: ['pending', 'approved', 'rejected', 'unpublished'] }),
    changes: { ...changes, description: 'notes created, updated and deleted since the last approved revision (by note guid and content)' },
    reason: nullable(str({ description: 'why a moderator rejected it' })),
    version: int, name: str(), description: str(), reviewedAt: nullable(date), createdAt: date,
  }),
  ModerationQueue: entity({
    revisions: listOf(entity({
      id: int, deckId: int, publicDeckId: int, status: str(), changes, reason: nullable(str()), version: int, name: str(), description: str(),
      reviewedAt: nullable(date), createdAt: date, author: entity({ id: int, name: str() }), notesCount: int,
      notes: listOf(entity({ id: int, front: str(), back: str(), deckPath: listOf(str()) })),
    })),
    reports: listOf(entity({ id: int, text: str(), publicDeckId: nullable(int), deckName: str(), createdAt: date })),
  }),
}

export const publishingPaths = {
  '/decks/{id}/publish': {
    post: op(
      'Submit a root deck for review (owner only): its whole tree is frozen into a new pending revision. Needs PUBLISH_MIN_CARDS cards (20 by default) and a description of 50+ characters of plain text (markup is removed). A revision still pending is superseded (deleted; the new one takes its version). Optional category and subcategory (keys of GET library/categories) file the deck in the library; left out, it stays where it was.',
      {
        auth, params: ['id'], body: obj({ name: str({ maxLength: 255 }), description: str({ minLength: 50, maxLength: 2000 }), category: nullable(str({ maxLength: 60 })), subcategory: nullable(str({ maxLength: 60 })) }, ['name', 'description']),
        ok: [201, ref('DeckRevision')],
        extra: { ...notFound, '403': error('Not the owner (E_FORBIDDEN)'), '409': error('Deck archived or being processed'), '422': unprocessable('Validation, E_SUBDECK_NOT_PUBLISHABLE, E_TOO_FEW_CARDS, E_DESCRIPTION_TOO_SHORT') },
      }
    ),
  },
  '/deck_revisions/{id}': {
    get: op('A revision: its status, changes and the rejection reason (the author, or a moderator)', { auth, params: ['id'], ok: [200, ref('DeckRevision')], extra: notFound }),
  },
  '/deck_revisions/{id}/unpublish': {
    post: op('Withdraw the deck from the library (the author only): hidden, no new clones, existing clones stay; pending revisions become unpublished too (a rejected one keeps its verdict). Repeating it answers the same.', {
      auth, params: ['id'], ok: [200, ref('DeckRevision')],
      extra: { ...notFound, '403': error('A moderator who is not the author (E_FORBIDDEN)') },
    }),
  },
  '/library/clone_deck': {
    post: op(
      'Clone a library deck (deck_id: the PUBLIC deck id) as a new root deck of the caller: source cloned_from_published_deck, clonedFromId = the public deck id, notes of the current approved revision (each with libraryNoteId), subdecks rebuilt. The same caller cloning the same deck again within 60 s gets the first copy back (200) instead of a second one. A deck the caller marked with onboarding/mark_deck_as_interested takes the onboarding answers\' examDate as its exam date while that date is ahead.',
      {
        auth, body: obj({ deck_id: int, search_query: nullable(str({ maxLength: 200 })) }, ['deck_id']),
        ok: [201, ref('Deck')], extra: { '200': { description: 'A retried clone: the copy already made', content: { 'application/json': { schema: ref('Deck') } } }, '404': error('Not in the library (pending, unpublished or unknown)') },
      }
    ),
  },
  '/decks/{id}/pull_library_update': {
    post: op(
      'Apply the newer approved revision of the library deck this clone came from (deck JSON libraryUpdate), in one transaction: notes matched by their library note\'s guid are updated in place (cards keep their ids and progress), new ones added, ones deleted upstream removed; the learner\'s own notes stay.',
      { auth, params: ['id'], ok: [200, ref('Deck')], extra: { ...notFound, '403': error('Not the owner of the clone'), '409': error('No update to apply (E_NO_LIBRARY_UPDATE)') } }
    ),
  },
  '/library_decks/{id}/report': {
    post: op('Report a library deck from its preview (id: the public deck id)', {
      auth, params: ['id'], body: obj({ report_text: str() }, ['report_text']), ok: [201, obj({ reported: { type: 'boolean' } }, ['reported'])], extra: notFound,
    }),
  },
  '/moderation': {
    get: op('Moderators only (users.is_admin; else a 404): pending revisions with a preview of their notes, and open reports', { auth, ok: [200, ref('ModerationQueue')], extra: notFound }),
  },
  '/moderation/deck_revisions/{id}/approve': {
    post: op('Approve a pending revision: the library shows it from now on', {
      auth, params: ['id'], ok: [200, ref('DeckRevision')], extra: { ...notFound, '409': error('Not pending any more (E_REVISION_NOT_PENDING)') },
    }),
  },
  '/moderation/deck_revisions/{id}/reject': {
    post: op('Reject a pending revision with a reason the author sees', {
      auth, params: ['id'], body: obj({ reason: str({ minLength: 3, maxLength: 1000 }) }, ['reason']), ok: [200, ref('DeckRevision')],
      extra: { ...notFound, '409': error('Not pending any more (E_REVISION_NOT_PENDING)') },
    }),
  },
  '/moderation/reports/{id}': {
    post: op('Close an open report: resolved or dismissed', {
      auth, params: ['id'], body: obj({ status: str({ enum: ['resolved', 'dismissed'] }) }, ['status']),
      ok: [200, obj({ id: int, status: str() }, ['id', 'status'])], extra: { ...notFound, '409': error('Already closed the other way (E_REPORT_CLOSED)'), '422': errors['422'] },
    }),
  },
}
