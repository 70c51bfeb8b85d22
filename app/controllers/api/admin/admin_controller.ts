import type { HttpContext } from '@adonisjs/core/http'
import { experimentGroups } from '#config/experiments'
import {
  issueAdminToken,
  masqueradeAs,
  overridePremium,
  updateOwnExperiments,
} from '#actions/admin/admin_actions'
import AdminSelfTransformer from '#transformers/admin_self_transformer'
import AdminTokenTransformer from '#transformers/admin_token_transformer'
import ExperimentTransformer from '#transformers/experiment_transformer'
import MasqueradeTransformer from '#transformers/masquerade_transformer'
import PremiumOverrideTransformer from '#transformers/premium_override_transformer'
import { serialize } from '#transformers/serialize'
import { apiUser } from '#queries/users/api_user'
import {
  adminTokenValidator,
  masqueradeValidator,
  premiumOverrideValidator,
  updateSelfValidator,
} from '#validators/admin'

/** The admin API (header Admin-Authorization; POST admin/token issues it). */
export default class AdminController {
  async token({ request, response }: HttpContext) {
    const input = await request.validateUsing(adminTokenValidator)
    const issued = await issueAdminToken({ ...input, ip: request.ip() })
    return response.created(await serialize(AdminTokenTransformer.transform(issued)))
  }

  async masquerade({ admin, request }: HttpContext) {
    const input = await request.validateUsing(masqueradeValidator, { data: request.qs() })
    const { user, token } = await masqueradeAs(admin!.admin, { ...input, ip: request.ip() })
    return serialize(
      MasqueradeTransformer.transform({ user, token: token!.value, expiresAt: token!.expiresAt })
    )
  }

  async experiments() {
    return serialize({ experiments: ExperimentTransformer.transform(experimentGroups()) })
  }

  async updateSelf({ admin, request }: HttpContext) {
    const input = await request.validateUsing(updateSelfValidator)
    const updated = await updateOwnExperiments(admin!.admin, { ...input, ip: request.ip() })
    const user = await apiUser(updated, { reload: true })
    return serialize(AdminSelfTransformer.transform({ token: admin!.token, user }))
  }

  async premium({ admin, params, request }: HttpContext) {
    const input = await request.validateUsing(premiumOverrideValidator)
    const user = await overridePremium(admin!.admin, {
      ...input,
      id: Number(params.id),
      ip: request.ip(),
    })
    return serialize(PremiumOverrideTransformer.transform(user))
  }
}
