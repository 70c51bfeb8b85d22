import vine from '@vinejs/vine'
import publishingConfig from '#config/publishing'
import { id } from '#validators/content'

export const publishDeckValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(255),
  /* the length again as plain text in PublishDeck: markup does not count */
  description: vine
    .string()
    .trim()
    .minLength(publishingConfig.minDescriptionLength)
    .maxLength(publishingConfig.maxDescriptionLength),
  /* optional (not in the spec's body): where the library files the deck, by the keys of GET library/categories */
  category: vine.string().trim().maxLength(60).nullable().optional(),
  subcategory: vine.string().trim().maxLength(60).nullable().optional(),
})

export const rejectRevisionValidator = vine.create({
  reason: vine.string().trim().minLength(3).maxLength(1000),
})

export const closeReportValidator = vine.create({
  status: vine.enum(['resolved', 'dismissed'] as const),
})

export const cloneDeckValidator = vine.create({
  deck_id: id(),
  search_query: vine.string().trim().maxLength(200).nullable().optional(),
})

export const reportPublicDeckValidator = vine.create({
  report_text: vine.string().trim().minLength(1).maxLength(2000),
})
