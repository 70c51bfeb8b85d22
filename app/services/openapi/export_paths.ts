/*
| Exports in the OpenAPI document: queue an export (its signed link is
| e-mailed), follow it, or take a deck's CSV at once.
*/
import { error, obj, op, ref, str } from '#services/openapi/schema'

const int = { type: 'integer' }
const bool = { type: 'boolean' }
const nullable = (type: string) => ({ type: [type, 'null'] })
const auth = true
const notFound = { '404': error('Not found, or not yours') }
const status = str({
  enum: ['awaiting_confirmation', 'queued', 'processing', 'done', 'failed'],
  description: 'awaiting_confirmation: the address is not confirmed yet; a link was mailed there and the export starts once it is used (24 hours)',
})
const format = str({ enum: ['csv', 'ofc', 'apkg'] })

export const exportSchemas = {
  DeckExport: obj(
    {
      id: int, deck_export_id: { ...int, description: 'the spec\'s name for id' },
      status, state: { ...status, description: 'the spec\'s name for status' }, format,
      deckId: nullable('integer'), deckName: str(), email: str(), includeProgress: bool, size: nullable('integer'),
      expiresAt: { ...nullable('string'), description: 'when the download link stops working (7 days after the file was written)' },
      createdAt: str({ format: 'date-time' }),
      downloadUrl: { ...nullable('string'), description: 'signed link to the file, while done and not expired; the same link the e-mail carries' },
      file: { ...nullable('string'), description: 'the spec\'s name for downloadUrl' },
      expired: bool,
      error: { ...nullable('string'), description: 'why a failed export failed: deck_deleted, unconfirmed (the address was not confirmed in time), or the error' },
    },
    ['id', 'status', 'format', 'deckName', 'downloadUrl']
  ),
}

export const exportPaths = {
  '/deck_exports': {
    post: op('Export a deck (with its subdecks) as CSV, the Mnemo format (.ofc, the default) or an Anki package (.apkg). A job writes the file and e-mails a signed link valid for 7 days; at most 5 exports wait or run per user, 20 are asked for in any 24 hours. The link goes to the account\'s address once its owner proved it, or to an address the learner confirmed; any other export answers awaiting_confirmation and a confirmation link is mailed to the address', {
      auth,
      body: obj(
        {
          deck_id: int,
          email: str({ format: 'email', description: 'where the link goes; the account\'s address when left out. An address not proven or confirmed yet gets a confirmation link first' }),
          include_progress: { ...bool, description: 'the caller\'s own progress and review history (.ofc and .apkg)' },
          format,
          mail_link: { ...bool, description: 'true (the default): the link is e-mailed. false: nothing is mailed and no address is confirmed; the file is fetched through downloadUrl once the export is done' },
        },
        ['deck_id']
      ),
      ok: [202, ref('DeckExport')],
      extra: {
        ...notFound,
        '403': error('E_GUEST_EXPORT_MAIL: a guest may not have exports mailed (GET deck_exports/csv/{id} needs no mail)'),
        '429': error('E_TOO_MANY_EXPORTS: 5 exports already waiting or running; E_EXPORT_DAILY_LIMIT: 20 exports asked for in the last 24 hours; E_EXPORT_CONFIRMATION_LIMIT: 3 confirmation links to one address, or 5 from one account, in 24 hours'),
      },
    }),
  },
  '/deck_exports/{id}': {
    get: op('One of the caller\'s exports: its status, and the download link once done', { auth, params: ['id'], ok: [200, ref('DeckExport')], extra: notFound }),
  },
  '/deck_exports/csv/{id}': {
    get: {
      ...op('The CSV of deck {id} and its subdecks, streamed at once (no e-mail): one row per note, front, back and tags, as plain text', { auth, params: ['id'], ok: [200, null], extra: notFound }),
      responses: {
        '200': { description: 'text/csv attachment', content: { 'text/csv': { schema: str() } } },
        '401': error('Missing, bad or expired token'),
        ...notFound,
      },
    },
  },
}
