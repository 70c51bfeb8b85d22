import { Exception } from '@adonisjs/core/exceptions'

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
    public options: { values?: Record<string, unknown>; hasBody?: boolean; field?: string } = {}
  ) {
    super(key, { status, code })
  }

  static notFound() {
    return new ApiException(404, 'E_NOT_FOUND', 'not_found', { hasBody: true })
  }
}
