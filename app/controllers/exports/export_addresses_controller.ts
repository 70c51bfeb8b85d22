import type { HttpContext } from '@adonisjs/core/http'
import { confirmAddress, confirmedAddresses, findConfirmation, requesterName } from '#actions/exports/export_addresses'

type Page = { state: 'ask' | 'done' | 'expired'; email: string | null; requester: string | null; token: string | null; started: number }

const expired: Page = { state: 'expired', email: null, requester: null, token: null, started: 0 }

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
    if (!found) return this.render(inertia, response, expired)
    return this.render(inertia, response, {
      state: 'ask', email: found.address.email, requester: requesterName(found.user), token: String(params.token), started: 0,
    })
  }

  /** POST /exports/confirm/:token */
  async store({ params, inertia, response }: HttpContext) {
    if (!(await findConfirmation(params.token))) return this.render(inertia, response, expired)
    const result = await confirmAddress(params.token)
    return this.render(inertia, response, {
      state: 'done', email: result.email, requester: requesterName(result.user), token: null, started: result.started.length,
    })
  }

  private render(inertia: HttpContext['inertia'], response: HttpContext['response'], page: Page) {
    if (page.state === 'expired') response.status(410)
    return inertia.render('exports/confirm_address', page)
  }
}
