/*
| Shared decks and collaborators in the OpenAPI document. A shared deck's
| link reads without a token (a bearer token, when sent, names the reader);
| the participant calls need one.
*/
import { bool, entity, error, errors, int, listOf, nullable, obj, op, ref, str } from '#services/openapi/schema'

const auth = true
const notFound = { '404': error('Not found: an unknown or dead sharing token, or a deck or participant the caller cannot see') }
const forbidden = { '403': error('Seen but not allowed: only the owner manages participants (E_FORBIDDEN), or a removed participant with the old link (E_COLLABORATOR_REMOVED)') }
const tooMany = { '429': errors['429'] }
const person = () => entity({ id: int, name: nullable(str()), username: nullable(str()), avatarColor: str(), avatarUrl: nullable(str()) })
const role = str({ enum: ['owner', 'editor', 'viewer'] })

export const sharingSchemas = {
  SharedDeck: entity({
    id: int, name: str(), notesCount: int, cardsCount: int,
    subdecks: listOf(entity({ id: int, name: str(), parentId: nullable(int), notesCount: int, cardsCount: int })),
    ownedBy: person(),
    isLearningByCurrentUser: { ...bool, description: 'the reader owns it or takes part in it; false signed out' },
    isOwnedByCurrentUser: bool,
    sharingLink: str(), sharingToken: str(),
  }),
  DeckCollaborator: entity({
    id: { ...nullable(int), description: 'null for the owner, who has no participant row' },
    deckId: { ...int, description: 'the shared root deck' },
    role, state: str({ enum: ['active', 'deleted', 'disabled'] }), user: person(),
  }),
  SharedCard: entity({
    id: int, noteId: int, deckId: int, ord: int, label: ref('CardLabel'),
    front: { ...nullable(str()), description: 'rendered, sanitized HTML with html_preview=true; null otherwise' },
    back: nullable(str()), css: nullable(str()),
    state: str(), isFrozen: bool, isSuspended: bool, dueAt: nullable(str()), intervalDays: { type: 'number' }, reps: int, lapses: int,
  }),
}

const collaborator = obj({ deckCollaborator: ref('DeckCollaborator') }, ['deckCollaborator'])

export const sharingPaths = {
  '/v2/decks/{token}': {
    get: op('A shared deck as anyone holding its link sees it (no token needed)', { params: ['token'], ok: [200, ref('SharedDeck')], extra: { ...notFound, ...tooMany, '401': errors['401'] } }),
  },
  '/v2/decks/{token}/notes': {
    get: op('The notes of a shared deck and its subdecks (query: offset, limit ≤ 100, default 20)', {
      params: ['token'],
      ok: [200, entity({ notes: listOf(ref('Note')), total: int, offset: int, limit: int, sortBy: str(), order: str() })],
      extra: { ...notFound, ...tooMany, '401': errors['401'], '422': errors['422'] },
    }),
  },
  '/v2/decks/{token}/cards': {
    get: op('The cards of a shared deck (query: offset, limit ≤ 100, default 20, html_preview)', {
      params: ['token'],
      ok: [200, entity({ cards: listOf(ref('SharedCard')), offset: int, limit: int })],
      extra: { ...notFound, ...tooMany, '401': errors['401'], '422': errors['422'] },
    }),
  },
  '/deck_collaborators': {
    get: op('Participants of a shared deck: the owner first (role owner), then by join date (query: deck_id, offset, limit ≤ 100); any participant may read it', {
      auth,
      ok: [200, entity({ deckCollaborators: listOf(ref('DeckCollaborator')), total: int, offset: int, limit: int })],
      extra: { ...notFound, '422': errors['422'] },
    }),
    post: op('Join the deck a sharing token opens, as a viewer (201; 200 with the same row when already in). user_id must be the caller (403); the owner cannot join (422 E_OWN_DECK)', {
      auth,
      body: obj({ user_id: int, sharing_token: str() }, ['user_id', 'sharing_token']),
      ok: [201, obj({ deckCollaborator: ref('DeckCollaborator'), deck: ref('Deck') }, ['deckCollaborator', 'deck'])],
      extra: { ...notFound, ...forbidden, '200': { description: 'Already a participant: the same row' } },
    }),
  },
  '/deck_collaborators/{id}': {
    put: op('The owner changes a participant\'s role (editor or viewer)', { auth, params: ['id'], body: obj({ role: str({ enum: ['editor', 'viewer'] }) }, ['role']), ok: [200, collaborator], extra: { ...notFound, ...forbidden } }),
    delete: op('The owner removes a participant (state deleted): their access ends at once', { auth, params: ['id'], ok: [200, collaborator], extra: { ...notFound, ...forbidden } }),
  },
}
