import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import AdminSessionTransformer from '#transformers/admin_session_transformer'
import BannersTransformer from '#transformers/banners_transformer'
import FlashTransformer, { type Flash } from '#transformers/flash_transformer'
import FieldErrorsTransformer from '#transformers/field_errors_transformer'
import NoticesTransformer from '#transformers/notices_transformer'
import ReferralOfferTransformer from '#transformers/referral_offer_transformer'
import RemoteFlagsTransformer from '#transformers/remote_flags_transformer'
import UserTransformer from '#transformers/user_transformer'
import { messagesScriptsFor } from '#services/client_messages'
import { i18nFor, resolveLocale } from '#services/request_locale'
import { THEMES, themeFor } from '#services/themes'
import { CLEAR_HISTORY_FLASH } from '#services/web_sign_in'
import { allFlags } from '#services/remote_flags'
import { inMaintenanceFor } from '#services/client_gate'
import { adminShared } from '#services/admin_session'
import { referralsOffer } from '#actions/payments/account_links'
import { noticesShared } from '#services/client_links'
import { bannersShared } from '#services/flag_banners'
import { ERROR_BODY_FLASH } from '#exceptions/api_exception'

export default class InertiaMiddleware extends BaseInertiaMiddleware {
  share(ctx: HttpContext) {
    /* an error raised before the session and auth middleware ran has neither: assume nothing */
    const { session, auth } = ctx as Partial<HttpContext>
    const locale = (ctx as Partial<HttpContext>).i18n?.locale ?? resolveLocale(ctx)
    const errorsBag: Record<string, string> = session?.flashMessages.get('errorsBag') ?? {}
    const error = Object.entries(errorsBag).find(([code]) => code !== 'E_VALIDATION_ERROR')?.[1]
    const user = auth?.user
    /* the first page after a sign-in or sign-out drops the pages the browser's history holds */
    if (session?.flashMessages.get(CLEAR_HISTORY_FLASH)) ctx.inertia.clearHistory()

    return {
      errors: ctx.inertia.always(
        FieldErrorsTransformer.transform(this.getValidationErrors(ctx) as Record<string, string>)
      ),
      flash: ctx.inertia.always(FlashTransformer.transform(this.flashMessages(ctx, error))),
      user: ctx.inertia.always(user ? UserTransformer.transform(user).useVariant('forPage') : null),
      locale: ctx.inertia.always(locale),
      theme: ctx.inertia.always(themeFor(ctx)),
      themes: [...THEMES],
      appName: i18nFor(ctx).t('ui.app.name'),
      /* forms post natively before React takes over (inertia/components/server_form.tsx) */
      /* remote flags (app/services/remote_flags.ts, from memory); serverDown: the non-cancelable maintenance alert */
      remoteFlags: ctx.inertia.always(
        RemoteFlagsTransformer.transform(allFlags()).useVariant('forPage')
      ),
      serverDown: ctx.inertia.always(inMaintenanceFor(user)),
      csrfToken: ctx.inertia.always((ctx.request as { csrfToken?: string }).csrfToken ?? null),
      /* the masquerade banner and an admin's debug panel (app/services/admin_session.ts) */
      admin: ctx.inertia.always(AdminSessionTransformer.transform(adminShared(ctx))),
      /* the referral toast's programme (null: not configured, or a guest) */
      referrals: ReferralOfferTransformer.transform(referralsOffer(user)),
      /* the rebrand notice and the mobile-app banner (unless dismissed), the support address, the store links */
      notices: ctx.inertia.always(NoticesTransformer.transform(noticesShared(ctx))),
      /*
       * the remote flags' banners and the lifetime offer, not dismissed on this browser
       * (app/services/flag_banners.ts)
       */
      banners: ctx.inertia.always(BannersTransformer.transform(bannersShared(ctx, user, locale))),
    }
  }

  /** Messages for toasts (a success may offer a way on); `id` tells two identical messages of two visits apart. */
  private flashMessages(ctx: HttpContext, error: string | undefined): Flash {
    const success = (ctx.session?.flashMessages.get('success') as string | undefined) ?? null
    const action =
      (ctx.session?.flashMessages.get('successAction') as
        { label: string; href: string } | undefined) ?? null
    const id = error || success ? (ctx.request.id() ?? String(Date.now())) : null
    const errorBody = error
      ? ((ctx.session?.flashMessages.get(ERROR_BODY_FLASH) as string | undefined) ?? null)
      : null
    return { id, error: error ?? null, errorBody, success, action: success ? action : null }
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    /*
     * The translations are scripts of their own, kept by the browser, in parts
     * (services/client_messages.ts, decision 0097): which parts depends on the
     * page, known only once a door renders it, so they join its props there.
     */
    const page = ctx.inertia.page.bind(ctx.inertia)
    ctx.inertia.page = (component, props) => {
      const locale = (ctx as Partial<HttpContext>).i18n?.locale ?? resolveLocale(ctx)
      const scripts = messagesScriptsFor(locale, component)
      return page(component, { ...props, messagesScripts: ctx.inertia.always(scripts) })
    }
    const output = await next()
    this.dispose(ctx)
    /*
     * After a deploy, an Inertia visit is sent back to its own URL to reload;
     * the base middleware names it by the decoded path, which can hold
     * characters no header may carry (`/decks/%0A`): the connection then
     * died without an answer. The URL as the client sent it is always fit.
     */
    if (ctx.response.getHeader('x-inertia-location') === ctx.request.url(true)) {
      ctx.response.header('x-inertia-location', ctx.request.request.url ?? '/')
    }
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
