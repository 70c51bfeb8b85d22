import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import { errors as vineErrors } from '@vinejs/vine'
import { errors as authErrors } from '@adonisjs/auth'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as coreErrors } from '@adonisjs/core'
import ApiException, { ERROR_BODY_FLASH } from '#exceptions/api_exception'
import { ERRORS, type ErrorCode } from '#exceptions/catalogue'
import { isServiceAway, serviceAway, showsErrorDetails } from '#exceptions/unavailable'
import { i18nFor, isAnkiConnectRequest, wantsJson } from '#services/request_locale'
import { bodyLimitMbOf, uploadLimitOf } from '#services/upload_limits'
import { FieldLabel } from '#note_types/stock_labels'
import type { I18n } from '@adonisjs/i18n'

type ErrorBody = {
  title: string
  body?: string
  code: ErrorCode
  errors?: { field: string; rule: string; message: string }[]
  [extra: string]: unknown
}

/**
 * Every JSON error has the body {title, body?, code}, localized; every 422
 * adds `errors: [{field, rule, message}]` (field '' when the error is about
 * the request as a whole); 404 (never 403) for what the caller may not see;
 * 401 only for a missing, bad or expired session token; 429 carries
 * Retry-After; a 500 has a generic title and never the stack, the SQL or a
 * path (unless a developer sets DEBUG_ERRORS: app/exceptions/unavailable.ts);
 * the database or Redis away is a 503 E_MAINTENANCE, a page for pages.
 */
/* an error's values in the reader's language (a built-in field's name: "Vorderseite", not "Front") */
function inLanguage(i18n: I18n, values: Record<string, unknown> = {}) {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      value instanceof FieldLabel ? value.in(i18n) : value,
    ])
  )
}

/*
 * a wait in words, in the reader's language: exact under an hour ("14 minutes, 59 seconds"), past it
 * hours and minutes, the minutes rounded up ("1 hour, 1 minute" for 3,601 s)
 */
function waitIn(locale: string, seconds: number) {
  const minutes = Math.ceil(seconds / 60)
  const parts =
    seconds < 3600
      ? { minutes: Math.floor(seconds / 60), seconds: seconds % 60 }
      : { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
  const shown = Object.fromEntries(Object.entries(parts).filter(([, value]) => value > 0))
  return new Intl.DurationFormat(locale, { style: 'long' }).format(shown)
}

/* an error has a body (what to do, the numbers) when its message has one: errors.<key>.body */
function hasBody(i18n: I18n, key: string) {
  return i18n.hasMessage(`errors.${key}.body`) || i18n.hasFallbackMessage(`errors.${key}.body`)
}

/**
 * A body past the body parser's cap (config/bodyparser.ts) is a catalogued
 * 413, not a bare one: an upload is "too big (max N MB)" with the cap of
 * what the route takes, as a file a little over its cap is; a JSON or form
 * body is E_BODY_TOO_BIG with the cap of its kind.
 */
function bodyTooBig(error: any, ctx: HttpContext) {
  if (error?.code !== 'E_REQUEST_ENTITY_TOO_LARGE') return null
  if (!ctx.request.is(['multipart/form-data'])) {
    return ApiException.of('E_BODY_TOO_BIG', {
      values: { max: bodyLimitMbOf(Boolean(ctx.request.is(['json']))) },
    })
  }
  const { max, field } = uploadLimitOf(ctx.route?.pattern)
  return ApiException.of('E_FILE_TOO_BIG', { key: 'media_too_big', field, values: { max } })
}

/**
 * A JSON body the body parser refused (malformed, or `null`, a string, a
 * number: not an object or a list) is a 422 naming the body as a whole,
 * with a message that says what is wrong, not "could not be handled".
 */
function invalidBody(error: any) {
  const refusedByParser =
    (error instanceof SyntaxError && 'body' in error) ||
    (error?.status === 422 && String(error?.message).startsWith('Invalid JSON'))
  return refusedByParser ? ApiException.of('E_INVALID_BODY', { field: '' }) : null
}

/*
 * The client went away mid-request (a cancelled upload: the body parser
 * removed the partial file): nobody reads the answer, and it is not an
 * incident to report.
 */
function clientAborted(error: any) {
  return (
    error?.code === 'E_REQUEST_ABORTED' ||
    (error instanceof Error && error.message === 'Request aborted' && !('status' in error))
  )
}

/**
 * What the framework and the database throw, as the catalogue's error (with
 * the headers it needs): a session or token missing is 401, a lock past its
 * timeout (config/database.ts) 503 E_DATABASE_BUSY (busy, not broken), any
 * other client error 400 E_BAD_REQUEST, anything unforeseen 500.
 */
function catalogued(error: any, headers: Record<string, string>): ApiException {
  if (error instanceof ApiException) return error
  if (error instanceof authErrors.E_UNAUTHORIZED_ACCESS) return ApiException.of('E_UNAUTHORIZED')
  if (error instanceof authErrors.E_INVALID_CREDENTIALS)
    return ApiException.of('E_INVALID_CREDENTIALS')
  if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
    /* the limiter gives seconds already (a block of an hour said 4 s before) */
    return ApiException.of('E_TOO_MANY_REQUESTS', { retryAfter: error.response.availableIn })
  }
  if (
    error instanceof lucidErrors.E_ROW_NOT_FOUND ||
    error instanceof coreErrors.E_ROUTE_NOT_FOUND
  ) {
    return ApiException.notFound()
  }
  if (error?.code === '55P03' || error?.code === '57014') {
    headers['Retry-After'] = '5'
    return ApiException.of('E_DATABASE_BUSY')
  }
  if (error?.code === 'E_BAD_CSRF_TOKEN') return ApiException.of('E_BAD_CSRF_TOKEN')
  const status = Number(error?.status)
  return status >= 400 && status < 500
    ? ApiException.of('E_BAD_REQUEST')
    : ApiException.of('E_SERVER_ERROR')
}

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = showsErrorDetails()
  protected renderStatusPages = true
  /* expected client errors are answers, not incidents */
  protected ignoreStatuses = [400, 401, 404, 409, 410, 413, 422, 429]

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    '404': (_, { inertia }) => inertia.render('errors/not_found', {}),
    '500..599': (_, { inertia }) => inertia.render('errors/server_error', {}),
  }

  async handle(error: any, ctx: HttpContext) {
    if (clientAborted(error)) return ctx.response.status(400).send('')
    /*
     * what reaches here from the AnkiConnect door is a body it never read (malformed JSON, past the cap):
     * answered in AnkiConnect's shape, as the door answers everything (docs/ankiconnect.md)
     */
    if (isAnkiConnectRequest(ctx)) {
      const tooBig = error?.code === 'E_REQUEST_ENTITY_TOO_LARGE'
      return ctx.response.status(200).send({
        result: null,
        error: tooBig ? 'the request is too large' : 'the request must be a JSON object',
      })
    }
    /* errors raised before the locale middleware (CSRF, 404) still speak the user's language */
    ctx.i18n = i18nFor(ctx)
    error = bodyTooBig(error, ctx) ?? invalidBody(error) ?? error
    if (isServiceAway(error)) return this.unavailable(ctx)
    if (!wantsJson(ctx)) {
      /* pages get their errors back through the session, shown on the page they came from */
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS && ctx.session) {
        ctx.session.flashErrors({
          E_TOO_MANY_REQUESTS: ctx.i18n.t(`errors.${ERRORS.E_TOO_MANY_REQUESTS.key}.title`),
        })
        return ctx.response.redirect().back()
      }
      /* a former participant opening a shared deck: a page that says why, not a toast on the page before */
      if (
        error instanceof ApiException &&
        error.code === 'E_DECK_UNAVAILABLE' &&
        ctx.request.method() === 'GET'
      ) {
        const { title, body } = {
          title: ctx.i18n.t(`errors.${error.key}.title`),
          body: ctx.i18n.t(`errors.${error.key}.body`),
        }
        const page = await ctx.inertia.render('participants/unavailable', {
          title,
          body,
          reason: String(error.options.extra?.reason ?? ''),
        })
        return ctx.response.status(error.status).send(page)
      }
      if (
        error instanceof ApiException &&
        ctx.session &&
        error.status < 500 &&
        error.status !== 404
      ) {
        /*
         * a form error: shown next to its field, or as the page's error with its body (what to do, the
         * numbers) as the API gives it
         */
        const values = inLanguage(ctx.i18n, error.options.values)
        const message = ctx.i18n.t(`errors.${error.key}.title`, values)
        ctx.session.flashExcept(['password', 'password_confirmation', 'current_password'])
        if (error.options.field)
          ctx.session.flash('inputErrorsBag', { [error.options.field]: [message] })
        else ctx.session.flashErrors({ [error.code]: message })
        if (!error.options.field && hasBody(ctx.i18n, error.key)) {
          ctx.session.flash(ERROR_BODY_FLASH, ctx.i18n.t(`errors.${error.key}.body`, values))
        }
        return ctx.response.redirect().back()
      }
      if (error instanceof ApiException && error.status === 404) {
        return super.handle(new coreErrors.E_ROUTE_NOT_FOUND(['GET', ctx.request.url()]), ctx)
      }
      /*
       * A visit from a page already open (Inertia's X-Inertia) that fails on
       * the server keeps that page: the answer is the error's JSON, which the
       * page shows as an alert over itself (components/connection_alerts.tsx).
       * A first load still gets the error page.
       */
      if (ctx.request.header('x-inertia')) {
        const { status, body } = this.toJson(error, ctx)
        if (status >= 500) return ctx.response.status(status).send(body)
      }
      return super.handle(error, ctx)
    }

    const { status, body, headers } = this.toJson(error, ctx)
    /* every 422 names what was wrong, whatever raised it: the clients read `errors` */
    if (status === 422 && !body.errors)
      body.errors = [{ field: '', rule: body.code, message: body.title }]
    for (const [name, value] of Object.entries(headers)) ctx.response.header(name, value)
    return ctx.response.status(status).send(body)
  }

  private toJson(
    error: any,
    ctx: HttpContext
  ): { status: number; headers: Record<string, string>; body: ErrorBody } {
    const t = ctx.i18n
    const headers: Record<string, string> = {}
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const errors = (error.messages as any[]).map(({ field, rule, message }) => ({
        field,
        rule,
        message,
      }))
      const { status, key } = ERRORS.E_VALIDATION_ERROR
      const title = t.t(`errors.${key}.title`)
      return {
        status,
        headers,
        body: { title, body: errors[0]?.message, code: 'E_VALIDATION_ERROR', errors },
      }
    }
    const known = catalogued(error, headers)
    const { values: given, field, apiField, extra, retryAfter } = known.options
    const values = inLanguage(t, given)
    if (retryAfter !== undefined) {
      const seconds = Math.max(1, Math.ceil(retryAfter))
      headers['Retry-After'] = String(seconds)
      Object.assign(values, { seconds, wait: waitIn(t.locale, seconds) })
    }
    const body: ErrorBody & { stack?: string } = {
      title: t.t(`errors.${known.key}.title`, values),
      ...(hasBody(t, known.key) ? { body: t.t(`errors.${known.key}.body`, values) } : {}),
      code: known.code,
      ...extra,
    }
    /* a rule the validator cannot see (a note's fields, a file, a deck that cannot move there) still names its field */
    if (known.status === 422)
      body.errors = [{ field: field ?? apiField ?? '', rule: known.code, message: body.title }]
    if (known.status >= 500 && known !== error && showsErrorDetails() && error?.stack)
      body.stack = error.stack
    return { status: known.status, headers, body }
  }

  /**
   * The database or Redis cannot be reached: 503 E_MAINTENANCE, for pages a
   * plain page in the reader's language. It needs no session, no user and no
   * Inertia, which may be what is away (the session store is Redis or the
   * database).
   */
  private async unavailable(ctx: HttpContext) {
    ctx.response.header('Retry-After', '30')
    const { status, body } = this.toJson(serviceAway(), ctx)
    if (wantsJson(ctx) || ctx.request.header('x-inertia'))
      return ctx.response.status(status).send(body)
    const page = await ctx.view.render('errors/unavailable', {
      locale: ctx.i18n.locale,
      title: body.title,
      body: body.body,
      retry: ctx.i18n.t('ui.connection.reload'),
      retryUrl: ctx.request.url(true),
    })
    ctx.response.header('Content-Type', 'text/html; charset=utf-8')
    return ctx.response.status(status).send(page)
  }

  async report(error: unknown, ctx: HttpContext) {
    if (clientAborted(error)) return
    return super.report(error, ctx)
  }
}
