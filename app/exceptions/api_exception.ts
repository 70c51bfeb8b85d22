import { Exception } from '@adonisjs/core/exceptions'

export type ApiExceptionOptions = {
  values?: Record<string, unknown>
  hasBody?: boolean
  /** the form field the error belongs to: shown next to it on a page, named in a 422's `errors` */
  field?: string
  /**
   * the request parameter a 422 is about, for the API's `errors` only, where
   * no page field shows it (the page shows the error as a toast)
   */
  apiField?: string
  /** further fields of the JSON error body, for clients that act on them (e.g. an unavailable deck's `reason`) */
  extra?: Record<string, string | number>
}

/** The flash key of a page error's body (the toast's second line), beside its title in the errors bag */
export const ERROR_BODY_FLASH = 'errorBody'

/**
 * An error the product reports to its clients. `key` names translations
 * `errors.<key>.title` and optionally `errors.<key>.body`; `code` is the
 * stable machine-readable code of the error catalogue.
 */
export default class ApiException extends Exception {
  constructor(
    status: number,
    code: string,
    public key: string,
    public options: ApiExceptionOptions = {}
  ) {
    super(key, { status, code })
  }

  static notFound() {
    return new ApiException(404, 'E_NOT_FOUND', 'not_found', { hasBody: true })
  }
}
