import type { HttpContext } from '@adonisjs/core/http'
import i18nManager from '@adonisjs/i18n/services/main'
import logger from '@adonisjs/core/services/logger'
import { errors as limiterErrors } from '@adonisjs/limiter'
import ApiException from '#exceptions/api_exception'
import { FieldLabel } from '#note_types/stock_labels'
import type User from '#models/user'

/*
 * AnkiConnect's protocol (version 6, docs/ankiconnect.md): a request is
 * `{action, version, params, key}`; a reply `{result, error}`, or the bare
 * result for a caller that asks for version 4 or below (or none). A refusal
 * is always `{result: null, error}`, as AnkiConnect answers it, and always
 * HTTP 200: its clients read the body, not the status.
 */

export const API_VERSION = 6

export interface AnkiRequest {
  action: unknown
  version: number
  params: Record<string, any>
}

interface ActionContext {
  user: User
  params: Record<string, any>
  version: number
  /** for multi: runs one request as the door runs it */
  run: (request: unknown) => Promise<unknown>
}

export type ActionHandler = (context: ActionContext) => Promise<unknown> | unknown

export const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The request's fields with AnkiConnect's defaults: version 4, no params. */
export function requestOf(body: unknown): AnkiRequest {
  const request = isObject(body) ? body : {}
  const version = Number.isInteger(request.version) ? (request.version as number) : 4
  return {
    action: request.action,
    version,
    params: isObject(request.params) ? request.params : {},
  }
}

export const success = (version: number, result: unknown) =>
  version <= 4 ? result : { result: result ?? null, error: null }

export const failure = (error: string) => ({ result: null, error })

/** What a refusal says: the product's message in English (AnkiConnect speaks English), or AnkiConnect's own. */
export function errorText(error: unknown) {
  /* AnkiConnect's own words, as its clients know them (docs/decisions/0093) */
  if (error instanceof ApiException && error.code === 'E_ANKICONNECT')
    return String(error.options.values?.message)
  if (error instanceof ApiException) {
    const i18n = i18nManager.locale('en')
    const values = Object.fromEntries(
      Object.entries(error.options.values ?? {}).map(([name, value]) => [
        name,
        value instanceof FieldLabel ? value.in(i18n) : value,
      ])
    )
    const title = i18n.t(`errors.${error.key}.title`, values)
    const body = i18n.hasMessage(`errors.${error.key}.body`)
      ? i18n.t(`errors.${error.key}.body`, values)
      : null
    return body ? `${title}: ${body}` : title
  }
  if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
    return `too many requests: try again in ${Math.max(1, Math.ceil(error.response.availableIn))} seconds`
  }
  logger.error({ err: error }, 'ankiconnect: unexpected error')
  return 'the server could not do this; try again later'
}

const MAX_BODY_BYTES = 40 * 1024 * 1024

/**
 * The request's JSON, whatever Content-Type it came with: AnkiConnect reads
 * the body as JSON always, and its clients send it as application/json,
 * text/plain or nothing. Null when it is no JSON.
 */
export async function readBody(ctx: HttpContext): Promise<unknown> {
  /* the text as sent (the body parser keeps it): its JSON reading would turn "" into null */
  let text = ctx.request.raw()
  if (text === null || text === undefined) {
    if (!ctx.request.hasBody() || ctx.request.is(['multipart'])) return null
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of ctx.request.request) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) return null
      chunks.push(chunk as Buffer)
    }
    text = Buffer.concat(chunks).toString('utf8')
  }
  try {
    return JSON.parse(text || 'null')
  } catch {
    return null
  }
}
