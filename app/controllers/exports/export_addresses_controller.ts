import type { HttpContext } from '@adonisjs/core/http'
import { confirmAddress } from '#actions/exports/confirm_address'
import { confirmedAddresses, findConfirmation } from '#queries/exports/export_addresses'
import ExportTransformer from '#transformers/export_transformer'

type Page = ReturnType<typeof ExportTransformer.confirmationPage>

/**
 * The confirmation of an export address: the page behind the mailed link
 * (opening it spends nothing, so mail scanners that follow links confirm
 * nothing; its button does), and the export dialog's list of the addresses
 * that need no confirmation. The link needs no session: whoever reads the
 * mailbox confirms it, for the learner who asked and nobody else.
 */
export default class ExportAddressesController {
  /** GET /exports/addresses (JSON): where this learner's exports go without asking. */
  async index({ auth }: HttpContext) {
    return { confirmed: await confirmedAddresses(auth.use('web').getUserOrFail()) }
  }

  /** GET /exports/confirm/:token */
  async show({ params, inertia, response }: HttpContext) {
    const found = await findConfirmation(params.token)
    if (!found) return this.render(inertia, response, ExportTransformer.confirmationPage('expired'))
    return this.render(inertia, response, ExportTransformer.confirmationPage('ask', { email: found.address.email, user: found.user, token: String(params.token) }))
  }

  /** POST /exports/confirm/:token */
  async store({ params, inertia, response }: HttpContext) {
    if (!(await findConfirmation(params.token))) return this.render(inertia, response, ExportTransformer.confirmationPage('expired'))
    const result = await confirmAddress({ token: params.token })
    return this.render(inertia, response, ExportTransformer.confirmationPage('done', { email: result.email, user: result.user, started: result.started.length }))
  }

  private render(inertia: HttpContext['inertia'], response: HttpContext['response'], page: Page) {
    if (page.state === 'expired') response.status(410)
    return inertia.render('exports/confirm_address', page)
  }
}
