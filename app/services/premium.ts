import ApiException from '#exceptions/api_exception'

/*
 * The premium features the server holds back from free learners (spec 000
 * §1 lists them; docs/decisions/0004-premium-features-gated.md), one
 * rule each, whichever door asks: a 402 E_PREMIUM_REQUIRED naming the
 * feature, with the catalogue's message. Image occlusion (save_note.ts)
 * and smart scheduling (update_algorithm_settings.ts) say it their own way
 * for their own reasons; these say it here.
 */
export type GatedFeature = 'image_search' | 'text_to_speech'

export function requirePremium(
  user: { hasPremium: boolean },
  feature: GatedFeature,
  field?: string
) {
  if (user.hasPremium) return
  throw ApiException.of('E_PREMIUM_REQUIRED', {
    key: `premium_${feature}`,
    field,
    extra: { feature },
  })
}
