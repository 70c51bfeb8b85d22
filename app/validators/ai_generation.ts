import vine from '@vinejs/vine'
import { id } from '#validators/content'

/*
 * AI card generation (docs/ai-generation.md). The spec's bodies as written; document_id and language are ours,
 * optional.
 */
const CARD_FORMATS = ['basic', 'reversed', 'cloze', 'mixed'] as const
const DETAIL_LEVELS = ['brief', 'standard', 'detailed'] as const
/** a language code such as en, pt-BR */
const language = () =>
  vine
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)

export const aiStreamCreateValidator = vine.create({
  deck_id: id().nullable().optional(),
  deck_name: vine.string().trim().maxLength(255).nullable().optional(),
  folder_id: id().nullable().optional(),
  card_format: vine.enum(CARD_FORMATS).optional(),
  detail_level: vine.enum(DETAIL_LEVELS).optional(),
  custom_prompt: vine.string().trim().maxLength(2000).nullable().optional(),
  user_prompt: vine.string().trim().maxLength(10_000).nullable().optional(),
  /** a document uploaded with POST notes/ai_document: its text is what the cards are made from */
  document_id: id().nullable().optional(),
  /** the language the cards are written in (the provider's instruction; the offline generator keeps the document's) */
  language: language().nullable().optional(),
  /** how many cards at most, within the plan's maximum (default: the plan's maximum) */
  cards_amount: vine.number().withoutDecimals().positive().max(10_000).optional(),
})

export const aiBulkCreateValidator = vine.create({
  deck_id: id().nullable().optional(),
  deck_name: vine.string().trim().maxLength(255).nullable().optional(),
  folder_id: id().nullable().optional(),
  user_prompt: vine.string().trim().minLength(1).maxLength(10_000),
  card_format: vine.enum(CARD_FORMATS).optional(),
  cards_amount: vine.number().withoutDecimals().positive().max(10_000).optional(),
  translation_from: language().nullable().optional(),
  translation_to: language().nullable().optional(),
})

export const streamIdValidator = vine.create({
  stream_id: id(),
})

export const cancelStreamValidator = vine.create({
  stream_id: id(),
  delete_notes: vine.boolean().optional(),
})

/* transmit's calls (the client's uid is a UUID it makes) */
const uid = () =>
  vine
    .string()
    .trim()
    .minLength(8)
    .maxLength(64)
    .regex(/^[A-Za-z0-9-]+$/)
export const transmitUidValidator = vine.create({ uid: uid() })
export const transmitChannelValidator = vine.create({
  uid: uid(),
  channel: vine.string().trim().minLength(1).maxLength(200),
})
