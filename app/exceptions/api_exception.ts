import { Exception } from '@adonisjs/core/exceptions'
import { ERRORS, type ErrorCode, type ErrorKey, keysOf } from '#exceptions/catalogue'

export type ApiExceptionOptions = {
  values?: Record<string, unknown>
  /** the form field the error belongs to: shown next to it on a page, named in a 422's `errors` */
  field?: string
  /**
   * the request parameter a 422 is about, for the API's `errors` only, where
   * no page field shows it (the page shows the error as a toast)
   */
  apiField?: string
  /**
   * a 429's real wait in seconds: sent as Retry-After and given to the message as `{wait}` (a duration
   * in the reader's language: "15 minutes") and `{seconds}`
   */
  retryAfter?: number
  /** further fields of the JSON error body, for clients that act on them (e.g. an unavailable deck's `reason`) */
  extra?: Record<string, string | number>
}

/** The flash key of a page error's body (the toast's second line), beside its title in the errors bag */
export const ERROR_BODY_FLASH = 'errorBody'

/**
 * An error the product reports to its clients, built from the error
 * catalogue (app/exceptions/catalogue.ts) and nowhere else:
 * `ApiException.of('E_OWN_DECK')`, `ApiException.of('E_FORBIDDEN', { key:
 * 'deck_read_only' })`. The catalogue gives its status and its message key
 * (`errors.<key>.title`, and `.body` where the languages give one); `key`
 * picks one of the code's other wordings.
 */
export default class ApiException extends Exception {
  declare code: ErrorCode

  /** use `ApiException.of`: the unit guard (tests/unit/error_catalogue.spec.ts) allows no other `new` */
  constructor(
    code: ErrorCode,
    public key: string,
    public options: ApiExceptionOptions
  ) {
    super(key, { status: ERRORS[code].status, code })
  }

  static of<Code extends ErrorCode>(
    code: Code,
    options: ApiExceptionOptions & { key?: ErrorKey<Code> } = {}
  ) {
    const { key: chosen, ...rest } = options
    const key = (chosen as string | undefined) ?? ERRORS[code].key
    /* a key chosen at run time (a policy's reason, a thread's error) must still be one of the code's */
    if (!keysOf(code).includes(key))
      throw new Error(`${key} is not a message of ${code} in the error catalogue`)
    return new ApiException(code, key, rest)
  }

  static notFound() {
    return ApiException.of('E_NOT_FOUND')
  }
}
