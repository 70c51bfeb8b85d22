/* participant */
import type { Operations } from '#services/openapi/operation'

export const participantOperations: Operations = {
  'DELETE /decks/{id}/remove_shared_deck': {
    summary: 'Leave a shared deck (any deck of its tree)',
    description:
      "Leave a shared deck (any deck of its tree): the caller's collaborator row is deleted with their " +
      "own progress, suspensions and review history on the tree; nothing of the owner's or other " +
      "participants' changes. For a main deck listed in GET decks' unavailableDecks, this dismisses it",
    ok: { 204: null },
    errors: [404, 410],
  },
  'GET /decks/{id}/embed': {
    summary: 'The embed snippet of a root deck',
    description:
      'The embed snippet of a root deck (an <iframe> of /embed/{sharing_token}: read-only study, no ' +
      'sign-in), for its owner while sharing is on',
    ok: { 200: 'Embed' },
    errors: [403, 404],
  },
}
