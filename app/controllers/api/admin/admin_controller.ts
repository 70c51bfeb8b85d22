import type { HttpContext } from '@adonisjs/core/http'
import { experimentGroups } from '#config/experiments'
import { issueAdminToken, masqueradeAs, overridePremium, updateOwnExperiments } from '#actions/admin/admin_actions'
import AdminTransformer from '#transformers/admin_transformer'
import UserTransformer from '#transformers/user_transformer'
import { apiUser } from '#queries/users/api_user'
import { adminTokenValidator, masqueradeValidator, premiumOverrideValidator, updateSelfValidator } from '#validators/admin'

/** The admin API (header Admin-Authorization; POST admin/token issues it). */
export default class AdminController {
  async token({ request, response }: HttpContext) {
    const input = await request.validateUsing(adminTokenValidator)
    const { admin, value, expiresAt } = await issueAdminToken({ ...input, ip: request.ip() })
    return response.created(AdminTransformer.adminToken(admin, value, expiresAt))
  }

  async masquerade({ admin, request }: HttpContext) {
    const input = await request.validateUsing(masqueradeValidator, { data: request.qs() })
    const { user, token } = await masqueradeAs(admin!.admin, { ...input, ip: request.ip() })
    return AdminTransformer.masquerade(user, token!.value, token!.expiresAt)
  }

  async experiments() {
    return { experiments: experimentGroups() }
  }

  async updateSelf({ admin, request }: HttpContext) {
    const input = await request.validateUsing(updateSelfValidator)
    const updated = await updateOwnExperiments(admin!.admin, { ...input, ip: request.ip() })
    return { token: admin!.token, user: UserTransformer.forApi(await apiUser(updated, { reload: true })) }
  }

  async premium({ admin, params, request }: HttpContext) {
    const input = await request.validateUsing(premiumOverrideValidator)
    const user = await overridePremium(admin!.admin, { ...input, id: Number(params.id), ip: request.ip() })
    return AdminTransformer.premium(user)
  }
}
