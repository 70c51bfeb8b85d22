/*
| What a participant of a shared deck meets, in the OpenAPI document: leaving
| it, the "deck unavailable" error a former participant gets, and the owner's
| embed snippet.
*/
import { entity, error, op, str } from '#services/openapi/schema'

export const participantPaths = {
  '/decks/{id}/remove_shared_deck': {
    delete: op('Leave a shared deck (any deck of its tree): the caller\'s collaborator row is deleted with their own progress, suspensions and review history on the tree; nothing of the owner\'s or other participants\' changes. For a main deck listed in GET decks\' unavailableDecks, this dismisses it', {
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
  '/decks/{id}/embed': {
    get: op('The embed snippet of a root deck (an <iframe> of /embed/{sharing_token}: read-only study, no sign-in), for its owner while sharing is on', {
      auth: true,
      params: ['id'],
      ok: [200, entity({ url: str(), embedSnippet: str() })],
      extra: {
        '403': error('Not the owner'),
        '404': error('Not a deck the caller can see'),
        '422': error('E_EMBED_NEEDS_SHARING: sharing is off, or a subdeck (embedding needs sharing on, on the main deck)'),
      },
    }),
  },
}
