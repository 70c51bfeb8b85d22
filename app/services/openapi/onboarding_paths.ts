/*
| Onboarding and card presets in the OpenAPI document. The onboarding's
| answers live in the User's onboardingData (written through PUT users/{id});
| its three calls are the spec's. GET card_presets is the spec's; creating,
| changing and deleting one's own presets are additions. A deck names its
| preset through PUT decks/{id} {deck: {card_preset_id}}.
*/
import { bool, entity, error, int, listOf, nullable, num, obj, op, ref, str } from '#services/openapi/schema'

const auth = true
const notFound = { '404': error('Not a published library deck, or not a preset of the caller') }
const colorFields = ['fontColor', 'backgroundColor', 'backgroundImageUrl', 'cardBackgroundColor', 'cardBackgroundImageUrl', 'borderColor', 'separatorColor', 'separatorImageUrl']
const colors = entity(Object.fromEntries(colorFields.map((field) => [field, nullable(str({ description: field.endsWith('Url') ? 'a same-origin path or a data: image' : 'hex colour' }))])))
const colorInput = obj(Object.fromEntries(colorFields.map((field) => [field, nullable(str())])))
const font = entity({ fontSize: num, fontAlignment: str({ enum: ['left', 'center', 'right'] }), lineSpacing: num, characterSpacing: num, wordSpacing: num })
const fontInput = obj({ fontSize: num, fontAlignment: str({ enum: ['left', 'center', 'right'] }), lineSpacing: num, characterSpacing: num, wordSpacing: num })
const fonts = ['default', 'indieFlower', 'montserrat', 'robotoMono', 'IBMPlexSans', 'openDyslexic', 'merriWeather', 'tinos', 'sourceCodePro', 'golosText', 'kumbhSans', 'Shantell_Sans']

const presetInput = (required: string[]) =>
  obj(
    {
      card_preset: obj(
        {
          name: str({ maxLength: 60 }), font_family: str({ enum: fonts }),
          font_settings: obj({ desktop: fontInput, tablet: fontInput, phone: fontInput }),
          corner_radius: int, border_thickness: int, separator_thickness: int, colors: colorInput, dark: colorInput,
          custom_css: nullable(str({ description: 'kept as written; cards get it confined to the card frame' })),
        },
        required
      ),
    },
    ['card_preset']
  )

const answers = obj({
  ageRange: str(), forgetRate: str(), studyHabit: str(), goal: str({ enum: ['languages', 'exam', 'other'] }), nativeLanguageKey: str(),
  languageKey: str(), languageLevel: str(), languageFocus: str(), reason: str(), examName: str(), examDate: str({ format: 'date' }),
  materialKey: str(), specificationKey: str(), minutesPerDay: int, studyTime: str({ pattern: '^\\d{2}:\\d{2}$' }), remindersEnabled: bool,
})
const named = entity({ key: str(), name: str() })

export const onboardingSchemas = {
  CardPreset: entity({
    id: int, name: str(), userId: nullable(int), key: nullable(str({ description: 'built-in presets only' })), isBuiltIn: bool,
    fontFamily: str({ enum: fonts }), fontSettings: entity({ desktop: font, tablet: font, phone: font }),
    cornerRadius: int, borderThickness: int, separatorThickness: int,
    ...Object.fromEntries(colorFields.map((field) => [field, nullable(str())])),
    dark: colors, customCss: str(),
  }),
  CardAppearance: entity({
    cardPresetId: nullable(int),
    fontSettings: { type: 'object', additionalProperties: true, description: 'per device (desktop, tablet, phone): the preset\'s font with the deck\'s own size and alignment over it, and fontFamily' },
    surroundings: entity({ light: entity({ color: nullable(str()), image: nullable(str()) }), dark: entity({ color: nullable(str()), image: nullable(str()) }) }),
    css: str({ description: 'the card frame\'s CSS: body classes mnemo-card-frame, mnemo-device-<desktop|tablet|phone> (phone < 600 px, desktop > 716 px) and nightMode' }),
  }),
  PersonalisedDeck: entity({ id: int, title: str(), description: str(), cardsCount: int, slug: str(), category: nullable(str()), subcategory: nullable(str()) }),
}

export const onboardingPaths = {
  '/onboarding/get_personalisation_data.json': {
    post: op('Personalised decks from the library for the stored answers (answers sent here count over them, unstored)', {
      auth,
      body: obj({ onboarding_data: answers }),
      ok: [200, entity({ isComplete: bool, onboardingData: { type: 'object', additionalProperties: true }, personalisedDecks: listOf(ref('PersonalisedDeck')) })],
    }),
  },
  '/onboarding/mark_deck_as_interested': {
    post: op('Remember a suggested library deck as interesting (once)', { auth, body: obj({ deck_id: int }, ['deck_id']), ok: [200, entity({ deckId: int, interested: bool })], extra: notFound }),
  },
  '/onboarding/subject_list': {
    get: op('Subjects with their specifications, and exams, in the request\'s language', {
      auth,
      ok: [200, entity({ subjects: listOf(entity({ key: str(), name: str(), specifications: listOf(named) })), exams: listOf(named) })],
    }),
  },
  '/card_presets': {
    get: op('The built-in presets, then the caller\'s own', { auth, ok: [200, listOf(ref('CardPreset'))] }),
    post: op('Create an own preset (at most 50: E_TOO_MANY_PRESETS)', { auth, body: presetInput(['name']), ok: [201, ref('CardPreset')] }),
  },
  '/card_presets/{id}': {
    put: op('Change an own preset (fields left out keep their value)', { auth, params: ['id'], body: presetInput([]), ok: [200, ref('CardPreset')], extra: notFound }),
    delete: op('Delete an own preset; decks that used it go back to the default look', { auth, params: ['id'], ok: [204, null], extra: notFound }),
  },
}
