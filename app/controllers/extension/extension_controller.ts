import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import TokenTransformer from '#transformers/token_transformer'
import { serialize } from '#transformers/serialize'

/** The browser extension's origin (e.g. chrome-extension://<id>); null: the extension is not set up here. */
const extensionOrigin = () => env.get('BROWSER_EXTENSION_ORIGIN') || null

/**
 * The browser extension's sign-in (spec 000 §1): the extension opens
 * `/sign-in?extension=1` (or this page) in a window; once the learner is
 * signed in, the page gets an API token and posts it to the window that
 * opened it, for the configured extension origin only (the browser delivers
 * it to no one else).
 */
export default class ExtensionController {
  /** GET /extension/connected */
  async show({ inertia }: HttpContext) {
    return inertia.render('extension/connected', { origin: extensionOrigin() })
  }

  /** POST /extension/token: a bearer token for the extension, like the apps' (60 days, refreshed by x-user-token). */
  async token({ auth }: HttpContext) {
    if (!extensionOrigin()) throw ApiException.of('E_EXTENSION_NOT_CONFIGURED')
    const user = auth.use('web').getUserOrFail()
    const token = await User.accessTokens.create(user, ['*'], { name: 'browser_extension' })
    return serialize(TokenTransformer.transform({ token: token.value!.release() }))
  }
}
