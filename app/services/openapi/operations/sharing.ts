/* sharing */
import type { Operations } from '#services/openapi/operation'
import {
  joinSharedDeckValidator,
  listCollaboratorsValidator,
  sharedCardsValidator,
  sharedNotesValidator,
  updateCollaboratorValidator,
} from '#validators/sharing'

export const sharingOperations: Operations = {
  'GET /v2/decks/{token}': {
    optionalAuth: true,
    summary: 'A shared deck as anyone holding its link sees it (no token needed)',
    ok: { 200: 'SharedDeck' },
    errors: [404, 429],
  },
  'GET /v2/decks/{token}/notes': {
    optionalAuth: true,
    summary: 'The notes of a shared deck and its subdecks',
    description:
      'The notes of a shared deck and its subdecks (query: offset, limit ≤ 100, default 20)',
    query: sharedNotesValidator,
    ok: { 200: 'NotePage' },
    errors: [404, 429],
  },
  'GET /v2/decks/{token}/cards': {
    optionalAuth: true,
    summary: 'The cards of a shared deck',
    description:
      'The cards of a shared deck (query: offset, limit ≤ 100, default 20, html_preview)',
    query: sharedCardsValidator,
    ok: { 200: 'CardPage' },
    errors: [404, 429],
  },
  'GET /deck_collaborators': {
    summary: 'Participants of a shared deck',
    description:
      "A shared deck's owner (`owner`, role owner, on every page) and its participants by join date " +
      '(`deckCollaborators`, each with its row id; query: deck_id, offset, limit ≤ 100; `total` counts ' +
      'participants); any participant may read it',
    query: listCollaboratorsValidator,
    ok: { 200: 'Collaborators' },
    errors: [404, 410],
  },
  'POST /deck_collaborators': {
    summary:
      'Join the deck a sharing token opens, as a viewer (201; 200 with the same row when already in)',
    description:
      'Join the deck a sharing token opens, as a viewer (201; 200 with the same row when already in). ' +
      'user_id must be the caller (403); the owner cannot join (422 E_OWN_DECK)',
    body: joinSharedDeckValidator,
    ok: { 200: 'CollaboratorJoined', 201: 'CollaboratorJoined' },
    errors: [403, 404],
  },
  'PUT /deck_collaborators/{id}': {
    summary: "The owner changes a participant's role (editor or viewer)",
    body: updateCollaboratorValidator,
    ok: { 200: 'CollaboratorChanged' },
    errors: [403, 404],
  },
  'DELETE /deck_collaborators/{id}': {
    summary: 'The owner removes a participant (state deleted): their access ends at once',
    ok: { 200: 'CollaboratorChanged' },
    errors: [403, 404],
  },
}
