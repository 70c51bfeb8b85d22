/* publishing */
import type { Operations } from '#services/openapi/operation'
import {
  cloneDeckValidator,
  closeReportValidator,
  publishDeckValidator,
  rejectRevisionValidator,
  reportPublicDeckValidator,
} from '#validators/publishing'

export const publishingOperations: Operations = {
  'POST /decks/{id}/publish': {
    summary: 'Submit a root deck for review (owner only)',
    description:
      'Submit a root deck for review (owner only): its whole tree is frozen into a new pending ' +
      'revision. Needs PUBLISH_MIN_CARDS cards (20 by default) and a description of 50+ characters of ' +
      'plain text (markup is removed). A revision still pending is superseded (deleted; the new one ' +
      'takes its version). Optional category and subcategory (keys of GET library/categories) file the ' +
      'deck in the library; left out, it stays where it was.',
    body: publishDeckValidator,
    ok: { 201: 'Revision' },
    errors: [403, 404, 409],
  },
  'POST /decks/{id}/pull_library_update': {
    summary: 'Apply the newer approved revision of the library deck this clone came from',
    description:
      'Apply the newer approved revision of the library deck this clone came from (deck JSON ' +
      "libraryUpdate), in one transaction: notes matched by their library note's guid are updated in " +
      'place (cards keep their ids and progress), new ones added, ones deleted upstream removed; the ' +
      "learner's own notes stay.",
    ok: { 200: 'Deck' },
    errors: [403, 404, 409],
  },
  'GET /deck_revisions/{id}': {
    summary:
      'A revision: its status, changes and the rejection reason (the author, or a moderator)',
    ok: { 200: 'Revision' },
    errors: [404],
  },
  'POST /deck_revisions/{id}/unpublish': {
    summary: 'Withdraw the deck from the library (the author only)',
    description:
      'Withdraw the deck from the library (the author only): hidden, no new clones, existing clones ' +
      'stay; pending revisions become unpublished too (a rejected one keeps its verdict). Repeating it ' +
      'answers the same.',
    ok: { 200: 'Revision' },
    errors: [403, 404],
  },
  'POST /library/clone_deck': {
    summary: 'Clone a library deck (deck_id: the PUBLIC deck id) as a new root deck of the caller',
    description:
      'Clone a library deck (deck_id: the PUBLIC deck id) as a new root deck of the caller: source ' +
      'cloned_from_published_deck, clonedFromId = the public deck id, notes of the current approved ' +
      'revision (each with libraryNoteId), subdecks rebuilt. The same caller cloning the same deck ' +
      'again within 60 s gets the first copy back (200) instead of a second one. A deck the caller ' +
      "marked with onboarding/mark_deck_as_interested takes the onboarding answers' examDate as its " +
      'exam date while that date is ahead.',
    body: cloneDeckValidator,
    ok: { 200: 'Deck', 201: 'Deck' },
    errors: [404],
  },
  'POST /library_decks/{id}/report': {
    summary: 'Report a library deck from its preview (id: the public deck id)',
    body: reportPublicDeckValidator,
    ok: { 201: 'Reported' },
    errors: [404],
  },
  'GET /moderation': {
    summary: 'Moderators only (users.is_admin; else a 404)',
    description:
      'Moderators only (users.is_admin; else a 404): pending revisions with a preview of their notes, ' +
      'and open reports',
    ok: { 200: 'ModerationQueue' },
    errors: [404],
  },
  'POST /moderation/deck_revisions/{id}/approve': {
    summary: 'Approve a pending revision: the library shows it from now on',
    ok: { 200: 'Revision' },
    errors: [404, 409],
  },
  'POST /moderation/deck_revisions/{id}/reject': {
    summary: 'Reject a pending revision with a reason the author sees',
    body: rejectRevisionValidator,
    ok: { 200: 'Revision' },
    errors: [404, 409],
  },
  'POST /moderation/reports/{id}': {
    summary: 'Close an open report: resolved or dismissed',
    body: closeReportValidator,
    ok: { 200: 'ReportClosed' },
    errors: [404, 409],
  },
}
