/* export */
import type { Operations } from '#services/openapi/operation'
import { createExportValidator } from '#validators/exports'

export const exportOperations: Operations = {
  'POST /deck_exports': {
    summary: 'Export a deck (with its subdecks) as CSV, the Mnemo format',
    description:
      'Export a deck (with its subdecks) as CSV, the Mnemo format (.ofc, the default) or an Anki ' +
      'package (.apkg). A job writes the file and e-mails a signed link valid for 7 days; at most 5 ' +
      "exports wait or run per user, 20 are asked for in any 24 hours. The link goes to the account's " +
      'address once its owner proved it, or to an address the learner confirmed; any other export ' +
      'answers awaiting_confirmation and a confirmation link is mailed to the address',
    body: createExportValidator,
    ok: { 202: 'Export' },
    errors: [403, 404, 410, 429],
  },
  'GET /deck_exports/csv/{id}': {
    summary: 'The CSV of deck {id} and its subdecks, streamed at once (no e-mail)',
    description:
      'The CSV of deck {id} and its subdecks, streamed at once (no e-mail): one row per note, front, ' +
      'back and tags, as plain text',
    ok: { 200: { media: 'text/csv', description: 'The CSV file' } },
    errors: [404],
  },
  'GET /deck_exports/{id}': {
    summary: "One of the caller's exports: its status, and the download link once done",
    ok: { 200: 'Export' },
    errors: [404],
  },
}
