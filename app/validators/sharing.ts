import vine from '@vinejs/vine'
import { id, offset } from '#validators/content'

/** The spec's collaborator list limit, and the largest page of a shared deck's notes or cards. */
export const SHARING_PAGE_MAX = 100

const limit = () => vine.number().withoutDecimals().range([1, SHARING_PAGE_MAX])

export const sharedNotesValidator = vine.create({
  offset: offset().optional(),
  limit: limit().optional(),
})

export const sharedCardsValidator = vine.create({
  offset: offset().optional(),
  limit: limit().optional(),
  html_preview: vine.boolean().optional(),
})

export const joinSharedDeckValidator = vine.create({
  user_id: id(),
  sharing_token: vine.string().maxLength(200),
})

export const listCollaboratorsValidator = vine.create({
  deck_id: id(),
  offset: offset().optional(),
  limit: limit().optional(),
})

/** 'owner' is no role a participant can be given: a 422 like any unknown role. */
export const updateCollaboratorValidator = vine.create({
  role: vine.enum(['editor', 'viewer'] as const),
})
