import type { HttpContext } from '@adonisjs/core/http'
import ApiException from '#exceptions/api_exception'
import { allFlags, setFlag } from '#services/remote_flags'
import { FLAG_KINDS, isFlagName, type FlagName, type Flags } from '#services/remote_flag_defaults'
import { assertAdmin } from '#services/admin_only'
import RemoteFlagTransformer from '#transformers/remote_flag_transformer'

export default class FlagsPageController {
  /** GET /admin/flags: every flag with its kind (the input it takes) and value; admins only (else 404). */
  async show({ auth, inertia }: HttpContext) {
    assertAdmin(auth.user)
    const flags = Object.entries(allFlags()).map(([name, value]) => {
      const flag = name as FlagName
      return { name: flag, kind: FLAG_KINDS[flag], value: value as Flags[FlagName] }
    })
    return inertia.render('limits/flags', { flags: RemoteFlagTransformer.transform(flags) })
  }

  /** PUT /admin/flags/:name {value}: sets one flag; every process's copy follows (app/services/remote_flags.ts). */
  async update({ auth, params, request, response, session, i18n }: HttpContext) {
    assertAdmin(auth.user)
    if (!isFlagName(params.name)) throw ApiException.notFound()
    await setFlag(params.name, request.body().value, auth.user, request.ip())
    session.flash('success', i18n.t('ui.limits.flags.saved', { name: params.name }))
    return response.redirect('/admin/flags')
  }
}
