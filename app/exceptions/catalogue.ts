/**
 * The error catalogue: every error the server sends, once, by its stable
 * code, with its HTTP status and its message key (`errors.<key>.title`, and
 * `errors.<key>.body` where the language files give one, in
 * resources/lang/<locale>/errors.json). `also` lists the other wordings of
 * the same error that a caller may choose (why a deck is unavailable, which
 * feature is premium, which field is missing); the code and status stay.
 * Errors are built from here only (`ApiException.of`), so a code that is not
 * here does not compile; docs/errors.md lists them (`node ace docs:errors`).
 */
type Entry = { status: number; key: string; also?: readonly string[] }

export const ERRORS = {
  E_ADMIN_TOKEN_INVALID: { status: 403, key: 'admin_token_invalid' },
  E_AI_FREE_LIMIT: { status: 402, key: 'ai_free_limit' },
  E_AI_NEEDS_PROVIDER: {
    status: 422,
    key: 'ai_needs_provider',
    also: [
      'ai_needs_provider_translation',
      'ai_needs_provider_template',
      'ai_needs_provider_improve',
    ],
  },
  E_AI_NOTHING_GENERATED: { status: 422, key: 'ai_nothing_generated' },
  E_AI_PROVIDER: { status: 502, key: 'ai_provider_unavailable' },
  E_AI_RATE_LIMITED: { status: 429, key: 'ai_rate_limited' },
  E_AI_TEMPLATE_EMPTY_CARD: { status: 422, key: 'ai_template_empty_card' },
  E_AI_TEMPLATE_LIMIT: { status: 422, key: 'ai_template_limit' },
  E_AI_TOO_MANY_CARDS: { status: 422, key: 'ai_too_many_cards' },
  E_ALGORITHM_ON_ROOT_ONLY: { status: 422, key: 'algorithm_root_only' },
  E_ALGORITHM_RESET_CONFIRMATION: { status: 409, key: 'algorithm_reset_confirmation' },
  /* a refusal of POST /ankiconnect, answered as `error` in AnkiConnect's own (English) words: values.message */
  E_ANKICONNECT: { status: 422, key: 'ankiconnect' },
  E_APP_UPDATE_REQUIRED: { status: 426, key: 'app_update_required' },
  E_BAD_CSRF_TOKEN: { status: 403, key: 'page_expired' },
  E_BAD_REQUEST: { status: 400, key: 'bad_request' },
  E_BODY_TOO_BIG: { status: 413, key: 'body_too_big' },
  E_CARDS_LIMIT_REACHED: { status: 422, key: 'cards_limit_reached' },
  E_CARD_FROZEN: { status: 409, key: 'card_frozen' },
  E_CARD_NOT_DUE: { status: 409, key: 'card_not_due' },
  E_CARD_SUSPENDED: { status: 409, key: 'card_suspended' },
  E_COLLABORATOR_REMOVED: { status: 403, key: 'collaborator_removed' },
  E_CONFIRMATION_MISMATCH: { status: 422, key: 'confirmation_mismatch' },
  E_DAILY_LEARNING_LIMIT: { status: 402, key: 'daily_learning_limit' },
  E_DATABASE_BUSY: { status: 503, key: 'database_busy' },
  E_DECK_ARCHIVED: { status: 409, key: 'deck_archived' },
  E_DECK_MOVE_CYCLE: { status: 422, key: 'deck_move_cycle' },
  E_DECK_PROCESSING: { status: 409, key: 'deck_processing' },
  E_DECK_PUBLISHED: { status: 422, key: 'cannot_move_published_deck' },
  E_DECK_TOO_DEEP: { status: 422, key: 'deck_too_deep' },
  E_DECK_UNAVAILABLE: {
    status: 410,
    key: 'deck_unavailable_access_removed',
    also: ['deck_unavailable_deleted_by_owner', 'deck_unavailable_sharing_stopped'],
  },
  E_DESCRIPTION_TOO_SHORT: { status: 422, key: 'publish_description_too_short' },
  E_DIFFERENT_ALGORITHMS: { status: 422, key: 'different_algorithms' },
  E_EMAIL_TAKEN: { status: 422, key: 'email_taken' },
  E_EMBED_NEEDS_SHARING: { status: 422, key: 'embed_needs_sharing' },
  E_EMPTY_FILE: { status: 422, key: 'import_empty' },
  E_EXPORT_CONFIRMATION_LIMIT: { status: 429, key: 'export_confirmation_limit' },
  E_EXPORT_DAILY_LIMIT: { status: 429, key: 'export_daily_limit' },
  E_EXPORT_GONE: { status: 410, key: 'export_gone' },
  E_EXPORT_LINK_EXPIRED: { status: 410, key: 'export_link_expired' },
  E_EXPORT_LINK_INVALID: { status: 403, key: 'export_link_invalid' },
  E_EXTENSION_NOT_CONFIGURED: { status: 404, key: 'extension_not_configured' },
  E_FILE_TOO_BIG: { status: 413, key: 'import_too_big', also: ['media_too_big'] },
  E_FILE_TOO_COMPLEX: { status: 422, key: 'file_too_complex' },
  E_FORBIDDEN: {
    status: 403,
    key: 'forbidden',
    also: [
      'deck_read_only',
      'deck_owner_only',
      'collaborators_owner_only',
      'moderators_only',
      'ai_template_builtin',
      'join_for_other_user',
    ],
  },
  E_GUEST_CARDS_LIMIT: { status: 403, key: 'guest_cards_limit' },
  E_GUEST_EXPORT_MAIL: { status: 403, key: 'guest_export_mail' },
  E_GUEST_STUDY_LIMIT: { status: 403, key: 'guest_study_limit' },
  E_IDEMPOTENCY_KEY_INVALID: { status: 422, key: 'idempotency_key_invalid' },
  E_IDEMPOTENCY_KEY_REUSED: { status: 422, key: 'idempotency_key_reused' },
  E_IDEMPOTENT_REQUEST_IN_FLIGHT: { status: 409, key: 'idempotent_request_in_flight' },
  E_IMAGES_NOT_ALLOWED: { status: 422, key: 'images_not_allowed' },
  E_IMAGE_SEARCH_NOT_CONFIGURED: { status: 503, key: 'image_search_not_configured' },
  E_IMAGE_SEARCH_PROVIDER: { status: 502, key: 'image_search_provider' },
  E_IMAGE_TOO_BIG: { status: 422, key: 'image_too_big' },
  E_IMPORT_CANCELLED: { status: 409, key: 'import_cancelled' },
  E_IMPORT_FILE_GONE: { status: 409, key: 'import_file_gone' },
  E_IMPORT_FINISHED: { status: 409, key: 'import_finished' },
  E_INTENT_CLOSED: { status: 409, key: 'intent_closed' },
  E_INTENT_NOT_CHANGEABLE: { status: 422, key: 'intent_not_changeable' },
  E_INVALID_BASE64: { status: 422, key: 'invalid_base64' },
  E_INVALID_BODY: { status: 422, key: 'invalid_body' },
  E_INVALID_CREDENTIALS: { status: 400, key: 'invalid_credentials' },
  E_INVALID_FLAG: {
    status: 422,
    key: 'invalid_flag',
    also: [
      'invalid_url_flag',
      'invalid_banners.not_list',
      'invalid_banners.too_many',
      'invalid_banners.not_object',
      'invalid_banners.unknown_field',
      'invalid_banners.id',
      'invalid_banners.duplicate_id',
      'invalid_banners.level',
      'invalid_banners.text',
      'invalid_banners.link',
      'invalid_banners.until',
    ],
  },
  E_INVALID_IDENTITY_TOKEN: { status: 400, key: 'invalid_identity_token' },
  E_INVALID_SEARCH: { status: 422, key: 'invalid_search' },
  E_LAST_SIGN_IN_METHOD: { status: 409, key: 'last_sign_in_method' },
  E_LINK_EXPIRED: {
    status: 410,
    key: 'link_expired',
    also: ['export_confirmation_expired', 'login_link_expired'],
  },
  E_MAINTENANCE: { status: 503, key: 'maintenance' },
  E_MASQUERADE_ADMIN: { status: 403, key: 'masquerade_admin' },
  E_MEDIA_LINK_EXPIRED: { status: 403, key: 'media_link_expired' },
  E_MEDIA_LINK_INVALID: { status: 403, key: 'media_link_invalid' },
  E_MEDIA_TOO_BIG: { status: 422, key: 'media_too_big' },
  E_MISSING_CREDENTIALS: { status: 422, key: 'missing_credentials' },
  E_MISSING_EMAIL: { status: 422, key: 'missing_email' },
  E_MISSING_IDENTITY_TOKEN: { status: 422, key: 'missing_identity_token' },
  E_NOTHING_TO_UNDO: { status: 409, key: 'nothing_to_undo' },
  E_NOTHING_TO_UPGRADE: { status: 409, key: 'nothing_to_upgrade' },
  E_NOT_FOUND: { status: 404, key: 'not_found' },
  E_NOT_READY: { status: 503, key: 'not_ready' },
  E_NOT_REPORTABLE: { status: 422, key: 'deck_not_reportable' },
  E_NOT_REVERSIBLE: { status: 422, key: 'not_reversible' },
  E_NO_LIBRARY_UPDATE: { status: 409, key: 'no_library_update' },
  E_NO_SUBSCRIPTION: { status: 404, key: 'no_subscription' },
  E_OFFLINE_MODE_OFF: { status: 409, key: 'offline_mode_off' },
  E_OFFLINE_SUBDECK: { status: 422, key: 'offline_subdeck' },
  E_NO_TEXT_FOUND: { status: 422, key: 'no_text_found' },
  E_ONE_FILE_ONLY: { status: 422, key: 'one_file_only' },
  E_OWNER_CANNOT_JOIN: { status: 422, key: 'join_own_deck' },
  E_OWNER_CANNOT_LEAVE: { status: 422, key: 'owner_cannot_leave' },
  E_OWN_DECK: { status: 403, key: 'library_own_deck' },
  E_PAYMENTS_NOT_CONFIGURED: { status: 503, key: 'payments_not_configured' },
  E_PAYMENT_PROVIDER: { status: 502, key: 'payment_provider_unavailable' },
  E_PAYMENT_REFUSED: { status: 422, key: 'payment_refused' },
  E_PDF_ONLY: { status: 422, key: 'pdf_only' },
  E_PDF_PAGES_INVALID: { status: 422, key: 'pdf_pages_invalid' },
  E_PDF_TOO_BIG: { status: 422, key: 'pdf_too_big' },
  E_PDF_TOO_MANY_PAGES: { status: 422, key: 'pdf_too_many_pages' },
  E_PDF_UNREADABLE: { status: 422, key: 'pdf_unreadable' },
  E_PREMIUM_REQUIRED: {
    status: 402,
    key: 'premium_required',
    also: ['premium_image_occlusion', 'premium_image_search', 'premium_text_to_speech'],
  },
  E_PROMO_CODE_INVALID: { status: 422, key: 'promo_code_invalid' },
  E_PROVIDER_ALREADY_CONNECTED: { status: 409, key: 'provider_already_connected' },
  E_PROVIDER_LINKED_ELSEWHERE: { status: 409, key: 'provider_linked_elsewhere' },
  E_PROVIDER_NOT_CONFIGURED: { status: 503, key: 'provider_not_configured' },
  E_REFERRALS_GUEST: { status: 403, key: 'referrals_guest' },
  E_REFERRALS_NOT_CONFIGURED: { status: 503, key: 'referrals_not_configured' },
  E_REMINDER_TIME_REQUIRED: { status: 422, key: 'reminder_time_required' },
  E_REPORT_CLOSED: { status: 409, key: 'report_closed' },
  E_REVISION_NOT_PENDING: { status: 409, key: 'revision_not_pending' },
  E_SERVER_ERROR: { status: 500, key: 'server' },
  E_STALE_ANSWER: { status: 409, key: 'stale_answer' },
  E_SUBDECK_ARCHIVE: { status: 422, key: 'subdeck_archive' },
  E_SUBDECK_IN_FOLDER: { status: 422, key: 'subdeck_in_folder' },
  E_SUBDECK_NOT_PUBLISHABLE: { status: 422, key: 'subdeck_not_publishable' },
  E_SUBDECK_NOT_SHAREABLE: { status: 422, key: 'subdeck_not_shareable' },
  E_TOO_FEW_CARDS: { status: 422, key: 'publish_too_few_cards' },
  E_TOO_MANY_EXPORTS: { status: 429, key: 'too_many_exports' },
  E_TOO_MANY_JOBS: {
    status: 429,
    key: 'too_many_imports',
    also: ['too_many_generations', 'too_many_scans'],
  },
  E_TOO_MANY_PRESETS: { status: 422, key: 'too_many_presets' },
  E_TOO_MANY_REQUESTS: { status: 429, key: 'too_many_requests' },
  E_UNAUTHORIZED: { status: 401, key: 'unauthorized' },
  E_UNKNOWN_TEMPLATE: { status: 422, key: 'unknown_template' },
  E_UNSUPPORTED_CONTENT_TYPE: { status: 415, key: 'unsupported_content_type' },
  E_UNSUPPORTED_FORMAT: { status: 422, key: 'unsupported_format' },
  E_UNSUPPORTED_MEDIA: { status: 422, key: 'unsupported_media' },
  E_USERNAME_TAKEN: { status: 422, key: 'username_taken' },
  E_VALIDATION_ERROR: {
    status: 422,
    key: 'validation',
    also: [
      'ai_document_missing',
      'ai_pdf_missing',
      'ai_prompt_missing',
      'base64_invalid',
      'bulk_action_missing',
      'destination_missing',
      'duplicate_field',
      'easy_days_invalid',
      'exam_root_deck_only',
      'flag_missing',
      'import_file_missing',
      'invalid_steps',
      'library_unknown_category',
      'missing_email',
      'name_required',
      'no_notes_selected',
      'note_no_cloze',
      'note_no_masks',
      'note_required',
      'note_unknown',
      'tag_missing',
      'too_many_images',
      'unknown_field',
      'unknown_user_field',
    ],
  },
  E_WEBHOOK_SIGNATURE: { status: 400, key: 'webhook_signature' },
  E_WRONG_PASSWORD: { status: 422, key: 'wrong_password', also: ['current_password_required'] },
} as const satisfies Record<`E_${string}`, Entry>

export type ErrorCode = keyof typeof ERRORS

/** The message keys an error of `Code` may carry: its own, and its other wordings. */
export type ErrorKey<Code extends ErrorCode> =
  | (typeof ERRORS)[Code]['key']
  | ((typeof ERRORS)[Code] extends { also: readonly (infer Other)[] } ? Other : never)

export type CatalogueEntry = { status: number; key: string; also: readonly string[] }

/** What other code reads (the OpenAPI document, the docs, the tests): code → its status, its key and its other keys. */
export const ERROR_CATALOGUE = Object.fromEntries(
  Object.entries(ERRORS).map(([code, entry]) => {
    const also: readonly string[] = 'also' in entry ? entry.also : []
    return [code, { status: entry.status, key: entry.key, also }]
  })
) as Readonly<Record<ErrorCode, CatalogueEntry>>

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code)
}

/** Every message key an error of `code` may carry. */
export function keysOf(code: ErrorCode): readonly string[] {
  return [ERROR_CATALOGUE[code].key, ...ERROR_CATALOGUE[code].also]
}
