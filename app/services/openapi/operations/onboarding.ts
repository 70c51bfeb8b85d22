/* onboarding */
import type { Operations } from '#services/openapi/operation'
import { createPresetValidator, updatePresetValidator } from '#validators/card_presets'
import { interestedValidator, personalisationValidator } from '#validators/onboarding'

export const onboardingOperations: Operations = {
  'POST /onboarding/get_personalisation_data.json': {
    summary: 'Personalised decks from the library for the stored answers',
    description:
      'Personalised decks from the library for the stored answers (answers sent here count over them, ' +
      'unstored)',
    body: personalisationValidator,
    ok: { 200: 'Personalisation' },
  },
  'POST /onboarding/mark_deck_as_interested': {
    summary: 'Remember a suggested library deck as interesting (once)',
    body: interestedValidator,
    ok: { 200: 'DeckInterested' },
    errors: [404],
  },
  'GET /onboarding/subject_list': {
    summary: "Subjects with their specifications, and exams, in the request's language",
    ok: { 200: 'SubjectList' },
  },
  'GET /card_presets': {
    summary: "The built-in presets, then the caller's own",
    ok: { 200: 'CardPresetList' },
  },
  'POST /card_presets': {
    summary: 'Create an own preset (at most 50: E_TOO_MANY_PRESETS)',
    body: createPresetValidator,
    ok: { 201: 'CardPreset' },
  },
  'PUT /card_presets/{id}': {
    summary: 'Change an own preset (fields left out keep their value)',
    body: updatePresetValidator,
    ok: { 200: 'CardPreset' },
    errors: [404],
  },
  'DELETE /card_presets/{id}': {
    summary: 'Delete an own preset; decks that used it go back to the default look',
    ok: { 204: null },
    errors: [404],
  },
}
