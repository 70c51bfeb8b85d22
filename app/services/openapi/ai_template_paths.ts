/*
| AI note templates in the OpenAPI document (spec 000: GET/POST ai_note_templates,
| PUT/DELETE ai_note_templates/{id}, POST …/{id}/apply, PATCH …/improve).
| The built-ins (default: true) are everyone's, in the reader's language, and
| cannot be changed (403); another user's template is a 404. apply and improve
| ask the configured AI provider: 422 E_AI_NEEDS_PROVIDER when there is none,
| 429 E_AI_RATE_LIMITED / 502 E_AI_PROVIDER when it refuses or fails.
*/
import { bool, error, int, json, listOf, mapOf, nullable, obj, op, ref, str, unprocessable } from '#services/openapi/schema'

const auth = true
const body = obj({ name: str({ minLength: 1, maxLength: 100 }), prompt: str({ minLength: 1, maxLength: 2000 }) }, ['name', 'prompt'])
const notFound = { '404': error('No such template, or another user\'s') }
const providerError = (description: string) => ({ description, ...json(ref('AiProviderError')) })
const provider = {
  '429': providerError('E_AI_RATE_LIMITED: the AI provider refused for now (its 429, or Anthropic\'s 529 "overloaded"), after the retries'),
  '502': providerError('E_AI_PROVIDER: the AI provider failed, timed out or answered nothing usable'),
}
const fields = mapOf(nullable(str()))

export const aiTemplateSchemas = {
  AiProviderError: obj(
    { title: str(), body: str(), code: str(), provider_status: str({ description: 'the HTTP status the provider answered, when it answered one' }) },
    ['title', 'code']
  ),
  AiNoteTemplate: obj(
    { id: int, name: str(), prompt: str(), default: { ...bool, description: 'a built-in template, shown to every user' } },
    ['id', 'name', 'prompt', 'default']
  ),
}

export const aiTemplatePaths = {
  '/ai_note_templates': {
    get: op('The AI note templates: the built-ins first, then the user\'s own', { auth, ok: [200, listOf(ref('AiNoteTemplate'))] }),
    post: op('Create a template of one\'s own (at most 100: 422 E_AI_TEMPLATE_LIMIT)', { auth, body, ok: [201, ref('AiNoteTemplate')] }),
  },
  '/ai_note_templates/{id}': {
    put: op('Rename or reword one of one\'s own templates', {
      auth, params: ['id'], body, ok: [200, ref('AiNoteTemplate')], extra: { ...notFound, '403': error('A built-in template') },
    }),
    delete: op('Delete one of one\'s own templates', { auth, params: ['id'], ok: [204, null], extra: { ...notFound, '403': error('A built-in template') } }),
  },
  '/ai_note_templates/{id}/apply': {
    post: op('The card\'s fields rewritten by the template (nothing is saved). Fields with image-occlusion masks are returned unchanged; reverse tells the provider the card is also studied back to front', {
      auth,
      params: ['id'],
      body: obj({
        fields: { ...fields, description: 'keyed by field id or title, as in POST notes' },
        field_attachments_map: nullable(mapOf({ type: 'object' })),
        reverse: bool,
      }, ['fields']),
      ok: [200, obj({ fields }, ['fields'])],
      extra: { ...notFound, ...provider, '422': unprocessable('Validation failed; E_AI_TEMPLATE_EMPTY_CARD (an empty card cannot receive an AI template); E_AI_NEEDS_PROVIDER') },
    }),
  },
  '/ai_note_templates/improve': {
    patch: op('A clearer wording of a template\'s prompt, optionally shaped by an example card', {
      auth,
      body: obj({ prompt: str({ minLength: 1, maxLength: 2000 }), front_side: nullable(str()), back_side: nullable(str()) }, ['prompt']),
      ok: [200, obj({ prompt: str() }, ['prompt'])],
      extra: { ...provider, '422': unprocessable('Validation failed; E_AI_NEEDS_PROVIDER') },
    }),
  },
}
