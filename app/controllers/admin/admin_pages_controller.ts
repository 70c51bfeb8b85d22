import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import {
  findTargetUser,
  masqueradeAs,
  overridePremium,
  setDebugMenu,
  stopMasquerade,
  updateOwnExperiments,
} from '#actions/admin/admin_actions'
import { experimentGroups } from '#config/experiments'
import { assertAdmin, auditLog, searchUsers } from '#queries/admin/admin_queries'
import { MASQUERADE_KEY, webMasquerade } from '#services/admin_session'
import { signInWeb, signOutWeb } from '#services/web_sign_in'
import AdminTransformer from '#transformers/admin_transformer'
import AuditEntryTransformer from '#transformers/audit_entry_transformer'
import ExperimentTransformer from '#transformers/experiment_transformer'
import {
  debugMenuValidator,
  premiumOverrideValidator,
  updateSelfValidator,
  userSearchValidator,
} from '#validators/admin'

/** /admin: the admins' pages (a 404 for everyone else), the same actions as the admin API. */
export default class AdminPagesController {
  async home({ auth, inertia }: HttpContext) {
    const admin = auth.use('web').user
    assertAdmin(admin)
    return inertia.render('admin/home', {
      debugMenu: admin.debugMenu,
      experiments: ExperimentTransformer.transform(experimentGroups()),
      ownExperiments: AdminTransformer.transform(admin).useVariant('forEditor'),
    })
  }

  /** The admin's own experiment values, as PUT api/admin/update_self sets them. */
  async experiments({ auth, request, response, session, i18n }: HttpContext) {
    const admin = auth.use('web').user
    assertAdmin(admin)
    const input = await request.validateUsing(updateSelfValidator)
    await updateOwnExperiments(admin, { ...input, ip: request.ip() })
    session.flash('success', i18n.t('ui.admin.flash.experiments_saved'))
    return response.redirect().back()
  }

  async users({ auth, inertia, request }: HttpContext) {
    assertAdmin(auth.use('web').user)
    const { q, page = 1 } = await request.validateUsing(userSearchValidator, { data: request.qs() })
    const found = await searchUsers(q, page)
    return inertia.render('admin/users', {
      q: q ?? '',
      page,
      hasMore: found.hasMore,
      total: found.total,
      users: AdminTransformer.transform(found.users),
    })
  }

  async user({ auth, inertia, params }: HttpContext) {
    assertAdmin(auth.use('web').user)
    const user = await findTargetUser(Number(params.id))
    return inertia.render('admin/user', { user: AdminTransformer.transform(user) })
  }

  async audit({ auth, inertia, request }: HttpContext) {
    assertAdmin(auth.use('web').user)
    const { page = 1 } = await request.validateUsing(userSearchValidator, { data: request.qs() })
    const { entries, hasMore } = await auditLog(page)
    return inertia.render('admin/audit', {
      entries: AuditEntryTransformer.transform(entries),
      page,
      hasMore,
    })
  }

  async premium({ auth, params, request, response, session, i18n }: HttpContext) {
    const admin = auth.use('web').user
    assertAdmin(admin)
    const input = await request.validateUsing(premiumOverrideValidator)
    await overridePremium(admin, { ...input, id: Number(params.id), ip: request.ip() })
    session.flash('success', i18n.t('ui.admin.flash.premium_saved'))
    return response.redirect().back()
  }

  async debugMenu({ auth, request, response, session, i18n }: HttpContext) {
    const admin = auth.use('web').user
    assertAdmin(admin)
    const input = await request.validateUsing(debugMenuValidator)
    await setDebugMenu(admin, { ...input, ip: request.ip() })
    session.flash('success', i18n.t('ui.admin.flash.debug_saved'))
    return response.redirect().back()
  }

  /** The admin's browser signs in as the user; the session remembers the admin to return to. */
  async masquerade(ctx: HttpContext) {
    const admin = ctx.auth.use('web').user
    assertAdmin(admin)
    if (webMasquerade(ctx)) return ctx.response.redirect('/')
    const { user } = await masqueradeAs(admin, {
      user_id: Number(ctx.params.id),
      ip: ctx.request.ip(),
      door: 'web',
    })
    await signInWeb(ctx, user)
    ctx.session.put(MASQUERADE_KEY, {
      adminId: admin.id,
      adminEpoch: admin.sessionEpoch ?? 0,
      userId: user.id,
      startedAt: Date.now(),
    })
    return ctx.response.redirect('/')
  }

  /**
   * Back to the admin. An admin who since lost the role, or whose sessions
   * were ended (a password change moved their epoch on), is signed out instead.
   */
  async stopMasquerade(ctx: HttpContext) {
    const masquerade = webMasquerade(ctx)
    if (!masquerade) return ctx.response.redirect('/')
    ctx.session.forget(MASQUERADE_KEY)
    const admin = await User.find(masquerade.adminId)
    if (!admin?.isAdmin || (admin.sessionEpoch ?? 0) !== masquerade.adminEpoch) {
      await signOutWeb(ctx)
      return ctx.response.redirect('/sign-in')
    }
    await stopMasquerade(admin, { userId: masquerade.userId, ip: ctx.request.ip() })
    await signInWeb(ctx, admin)
    return ctx.response.redirect(`/admin/users/${masquerade.userId}`)
  }
}
