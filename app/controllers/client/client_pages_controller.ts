import type { HttpContext } from '@adonisjs/core/http'
import { wrappedYear } from '#queries/study/wrapped'
import { studyDay } from '#scheduling/study_day'
import { rateApp } from '#actions/client/rate_app'
import { closeFeedbackRequest } from '#actions/client/feedback_request'
import { wantsJson } from '#services/request_locale'
import { unsubscribeReminders } from '#actions/client/study_reminders'
import { updateProfile } from '#actions/users/update_profile'
import { feedbackTypeOfStars, webFeedbackValidator } from '#validators/client'
import { studyReminderValidator } from '#validators/user'
import { wrappedValidator } from '#validators/study'
import { clientLinks, dismissedNotices, NOTICES, NOTICES_COOKIE } from '#services/client_links'
import { HELP_TOPICS, WHATS_NEW } from '#services/help_content'
import { BANNERS_COOKIE, isDismissableBanner, withDismissedBanner } from '#services/flag_banners'
import ApiException from '#exceptions/api_exception'
import AppRatingTransformer from '#transformers/app_rating_transformer'
import WhatsNewTransformer from '#transformers/whats_new_transformer'
import WrappedTransformer from '#transformers/wrapped_transformer'
import { serialize } from '#transformers/serialize'

export default class ClientPagesController {
  /** GET /wrapped?year: the year in review as slides (the learner's current year by default). */
  async wrapped({ auth, request, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { year } = await request.validateUsing(wrappedValidator)
    const current = Number(user.today().slice(0, 4))
    /* the years the learner has been here: the one they joined in to this one */
    const joined = Math.min(
      current,
      Number(studyDay(user.createdAt.toJSDate(), user.timezoneOffset).slice(0, 4))
    )
    const wrapped = await wrappedYear(user, year ?? current)
    return inertia.render('client/wrapped', {
      wrapped: WrappedTransformer.transform(wrapped),
      currentYear: current,
      firstYear: joined,
    })
  }

  /** GET /help: the help centre (questions and answers in the learner's language) and contact support. */
  async help({ inertia }: HttpContext) {
    return inertia.render('client/help', {
      topics: [...HELP_TOPICS],
      supportEmail: clientLinks.supportEmail,
    })
  }

  /** GET /whats-new */
  async whatsNew({ inertia }: HttpContext) {
    return inertia.render('client/whats_new', { entries: WhatsNewTransformer.transform(WHATS_NEW) })
  }

  /**
   * POST /feedback {stars, text, source}: stored as an app rating, the stars
   * mapped as the spec says, its prefix naming where it was given; an answer
   * to the session's feedback request closes it. A page's JSON call gets the
   * rating; a form post, the thanks on the page it came from.
   */
  async feedback(ctx: HttpContext) {
    const { auth, request, response, session, i18n } = ctx
    const user = auth.use('web').getUserOrFail()
    const { stars, text, source = 'settings' } = await request.validateUsing(webFeedbackValidator)
    const rating = await rateApp(user, {
      feedback_type: feedbackTypeOfStars(stars),
      text,
      prefix: `web_${source}`,
    })
    if (source === 'session_complete') await closeFeedbackRequest(user, { how: 'answered' })
    if (wantsJson(ctx)) {
      return response.created(await serialize(AppRatingTransformer.transform(rating)))
    }
    session.flash('success', i18n.t('ui.client.feedback.thanks'))
    return response.redirect().back()
  }

  /** POST /feedback/request/dismiss: the session's feedback request is not shown again (on any browser). */
  async dismissFeedbackRequest(ctx: HttpContext) {
    ctx.session.reflash()
    await closeFeedbackRequest(ctx.auth.use('web').getUserOrFail(), { how: 'dismissed' })
    return ctx.response.noContent()
  }

  /** POST /notices/:name/dismiss: the notice stays hidden on this browser (a cookie, signed in or not). */
  async dismissNotice({ request, response, params }: HttpContext) {
    const name = String(params.name)
    if (!(NOTICES as readonly string[]).includes(name)) throw ApiException.notFound()
    const dismissed = new Set([...dismissedNotices({ request } as HttpContext), name])
    response.plainCookie(NOTICES_COOKIE, [...dismissed].join('.'), {
      encode: false,
      maxAge: '365d',
      httpOnly: true,
      sameSite: 'lax',
    })
    return response.redirect().back()
  }

  /**
   * POST /banners/:id/dismiss: a remote-flag banner (or the lifetime offer, `~lifetime`) stays hidden on this
   * browser.
   */
  async dismissBanner({ request, response, params }: HttpContext) {
    const id = String(params.id)
    if (!isDismissableBanner(id)) throw ApiException.notFound()
    response.plainCookie(BANNERS_COOKIE, withDismissedBanner({ request } as HttpContext, id), {
      encode: false,
      maxAge: '365d',
      httpOnly: true,
      sameSite: 'lax',
    })
    return response.redirect().back()
  }

  /** PUT /settings/reminder {study_reminder_time, study_reminder_enabled} */
  async updateReminder({ auth, request, response, session, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    await updateProfile(user, await request.validateUsing(studyReminderValidator))
    session.flash('success', i18n.t('ui.client.reminders.saved'))
    return response.redirect().back()
  }

  /**
   * GET and POST /reminders/unsubscribe/:id (signed), without signing in. GET
   * (the link in the e-mail) only asks: mail scanners open links, and must not
   * unsubscribe anyone. POST unsubscribes: the page's button, or the mail
   * client's one-click (RFC 8058: `List-Unsubscribe=One-Click`, answered 204).
   * A forged or altered link changes nothing (403).
   */
  async unsubscribe(ctx: HttpContext) {
    const { request, response, params, inertia } = ctx
    if (!request.hasValidSignature()) {
      response.status(403)
      return inertia.render('client/unsubscribed', { state: 'invalid' as const, action: null })
    }
    if (request.method() === 'GET')
      return inertia.render('client/unsubscribed', {
        state: 'confirm' as const,
        action: request.url(true),
      })
    await unsubscribeReminders({ userId: Number(params.id) })
    if (request.input('List-Unsubscribe') === 'One-Click') return response.noContent()
    return inertia.render('client/unsubscribed', { state: 'done' as const, action: null })
  }
}
