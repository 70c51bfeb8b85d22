import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import CardPreset from '#models/card_preset'
import {
  applyPresetInput,
  createCardPreset,
  deleteCardPreset,
  updateCardPreset,
} from '#actions/card_presets/save_card_preset'
import { findDeck } from '#queries/decks/find_deck'
import { listPresets } from '#queries/card_presets/find_presets'
import { fontFile } from '#services/card_presets/fonts'
import CardPresetTransformer from '#transformers/card_preset_transformer'
import CardAppearanceTransformer from '#transformers/card_appearance_transformer'
import CardStyleDeckTransformer from '#transformers/card_style_deck_transformer'
import { serialize } from '#transformers/serialize'
import {
  createPresetValidator,
  previewPresetValidator,
  updatePresetValidator,
} from '#validators/card_presets'
import { loadPreset } from '#queries/card_presets/deck_appearance'

const require = createRequire(app.makePath('package.json'))

/** The deck's "card style" screen, its live preview, the learner's own presets on the web, and the card fonts. */
export default class CardStyleController {
  async show({ auth, params, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const deck = await findDeck(user, params.id)
    const presets = await listPresets(user)
    return inertia.render('card_presets/card_style', {
      deck: CardStyleDeckTransformer.transform(deck),
      presets: CardPresetTransformer.transform(presets),
      appearance: CardAppearanceTransformer.transform({
        deck,
        preset: await loadPreset(deck.cardPresetId),
      }),
    })
  }

  /** POST /card-presets/preview (JSON): the frame's CSS for a look not saved yet, over the deck's fonts. */
  async preview({ auth, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { card_preset: input, deck_id: deckId } =
      await request.validateUsing(previewPresetValidator)
    const deck = deckId ? await findDeck(user, deckId) : null
    const draft = new CardPreset()
    draft.merge({
      userId: user.id,
      fontFamily: 'default',
      fontSettings: {},
      cornerRadius: 12,
      borderThickness: 0,
      separatorThickness: 1,
      colors: {},
      darkColors: {},
      customCss: '',
      scopedCss: '',
    })
    applyPresetInput(draft, { custom_css: '', ...input })
    const look = { deck: { fontSettings: deck?.fontSettings ?? {} }, preset: draft }
    return serialize(CardAppearanceTransformer.transform(look))
  }

  /* the screen's JSON calls (the same actions as the API's), so it can apply a style it just saved */
  async store({ auth, request, response }: HttpContext) {
    const { card_preset: input } = await request.validateUsing(createPresetValidator)
    const preset = await createCardPreset(auth.use('web').getUserOrFail(), input)
    return response.created(await serialize(CardPresetTransformer.transform(preset)))
  }

  async update({ auth, request, params }: HttpContext) {
    const { card_preset: input } = await request.validateUsing(updatePresetValidator)
    const preset = await updateCardPreset(auth.use('web').getUserOrFail(), {
      ...input,
      id: params.id,
    })
    return serialize(CardPresetTransformer.transform(preset))
  }

  async destroy({ auth, params, response }: HttpContext) {
    await deleteCardPreset(auth.use('web').getUserOrFail(), { id: params.id })
    return response.noContent()
  }

  /**
   * GET /fonts/cards/<font>-<weight>.woff2: the spec's card fonts, from their @fontsource packages, cached for
   * a year.
   */
  async font({ params, response }: HttpContext) {
    const match = /^([A-Za-z_]+)-(400|700)\.woff2$/.exec(String(params.file))
    const file = match && fontFile(match[1], Number(match[2]))
    if (!file) return response.notFound('')
    const path = require.resolve(file)
    const { size } = await stat(path)
    response.header('Content-Type', 'font/woff2')
    response.header('Content-Length', String(size))
    response.header('Cache-Control', 'public, max-age=31536000, immutable')
    return response.stream(createReadStream(path))
  }
}
