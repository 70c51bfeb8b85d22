import type { HttpContext } from '@adonisjs/core/http'
import ApiException from '#exceptions/api_exception'
import { allFlags, setFlag } from '#services/remote_flags'
import { isFlagName } from '#services/remote_flag_defaults'
import { assertAdmin } from '#services/admin_only'
import RemoteFlagSetTransformer from '#transformers/remote_flag_set_transformer'
import RemoteFlagsTransformer from '#transformers/remote_flags_transformer'
import { serialize } from '#transformers/serialize'

export default class RemoteFlagsController {
  /** GET /api/remote_flags: every flag and its value (no sign-in; from the process's copy, no query). */
  async index() {
    return serialize(RemoteFlagsTransformer.transform(allFlags()))
  }

  /** PUT /api/remote_flags/:name {value}: admins only (else 404); the value must be of the flag's kind (else 422). */
  async update({ auth, params, request }: HttpContext) {
    const admin = auth.use('api').getUserOrFail()
    assertAdmin(admin)
    if (!isFlagName(params.name)) throw ApiException.notFound()
    const body = request.body()
    if (!Object.hasOwn(body, 'value'))
      throw ApiException.of('E_INVALID_FLAG', { values: { name: params.name }, apiField: 'value' })
    const value = await setFlag(params.name, body.value, admin, request.ip())
    return serialize(
      RemoteFlagSetTransformer.transform({ name: params.name, value, flags: allFlags() })
    )
  }
}
