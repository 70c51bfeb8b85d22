/*
| What a participant of a shared deck meets, in the OpenAPI document: leaving
| it, and the "deck unavailable" error a former participant gets.
*/
import { error, op } from '#services/openapi/schema'

export const participantPaths = {
  '/decks/{id}/remove_shared_deck': {
    delete: op('Leave a shared deck (any deck of its tree): the caller\'s collaborator row is deleted with their own progress, suspensions and review history on the tree; nothing of the owner\'s or other participants\' changes', {
      auth: true,
      params: ['id'],
      ok: [204, null],
      extra: {
        '404': error('Not a deck the caller takes part in (a stranger, or left already)'),
        '410': error('E_DECK_UNAVAILABLE: the caller took part in it and no longer may; `reason` is deleted_by_owner, access_removed or sharing_stopped'),
        '422': error('E_OWNER_CANNOT_LEAVE: the owner deletes the deck instead'),
      },
    }),
  },
}
