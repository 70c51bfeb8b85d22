import vine from '@vinejs/vine'
import { EXPORT_FORMATS } from '#models/deck_export'
import { email } from '#validators/rules'
import { id } from '#validators/content'

/** POST deck_exports, and the web form (whose deck comes from the URL). */
export const createExportValidator = vine.create({
  deck_id: id(),
  /* the account's address when left out */
  email: email().optional(),
  include_progress: vine.boolean().optional(),
  format: vine.enum(EXPORT_FORMATS).optional(),
  /* the web form: e-mail the link too (by default the file is fetched from the exports page) */
  mail_link: vine.boolean().optional(),
})
