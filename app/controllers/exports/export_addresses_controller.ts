import type { HttpContext } from '@adonisjs/core/http'
import { confirmAddress } from '#actions/exports/confirm_address'
import { confirmedAddresses, findConfirmation } from '#queries/exports/export_addresses'
import type User from '#models/user'
import ExportAddressesTransformer from '#transformers/export_addresses_transformer'
import { serialize } from '#transformers/serialize'

type ConfirmationState = 'ask' | 'done' | 'expired'
type Found = { email: string; user: User; token?: string; started?: number }

/**
 * Who asked for an export, as the confirmation page names them: the
 * account's @username, or its sign-in address, never the name it chose (on
 * the page that confirms a stranger's mailbox, that would be the
 * requester's own words; the mail names nobody: app/mails/export_address_mail.ts).
 */
function requesterName(user: User) {
  return user.username ? `@${user.username}` : (user.email ?? 'Mnemo')
}

/**
 * The page behind a confirmation link: asking (with the token its button
 * sends), done (with how many exports it started), or expired. Its props
 * are scalars only, so they need no transformer.
 */
function confirmationPage(state: ConfirmationState, found?: Found) {
  return {
    state,
    email: found?.email ?? null,
    requester: found ? requesterName(found.user) : null,
    token: found?.token ?? null,
    started: found?.started ?? 0,
  }
}

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
    return serialize(
      ExportAddressesTransformer.transform({
        confirmed: await confirmedAddresses(auth.use('web').getUserOrFail()),
      })
    )
  }

  /** GET /exports/confirm/:token */
  async show({ params, inertia, response }: HttpContext) {
    const found = await findConfirmation(params.token)
    if (!found) return this.render(inertia, response, confirmationPage('expired'))
    const asking = { email: found.address.email, user: found.user, token: String(params.token) }
    return this.render(inertia, response, confirmationPage('ask', asking))
  }

  /** POST /exports/confirm/:token */
  async store({ params, inertia, response }: HttpContext) {
    if (!(await findConfirmation(params.token)))
      return this.render(inertia, response, confirmationPage('expired'))
    const result = await confirmAddress({ token: params.token })
    const done = { email: result.email, user: result.user, started: result.started.length }
    return this.render(inertia, response, confirmationPage('done', done))
  }

  private render(
    inertia: HttpContext['inertia'],
    response: HttpContext['response'],
    page: ReturnType<typeof confirmationPage>
  ) {
    if (page.state === 'expired') response.status(410)
    return inertia.render('exports/confirm_address', page)
  }
}
