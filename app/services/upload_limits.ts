/*
 * The size caps of uploaded files, in one place: the body parser's
 * transport cap is derived from them, so a file within its cap always
 * reaches the code that judges it (docs/decisions/0054-media.md, 0046-avatars.md).
 * The caps of an import, which the readers enforce as they read, are theirs
 * (app/importers/limits.ts).
 */
const MB = 1024 * 1024

/* the spec: images 10 MB; sound and video get a cap of our own */
export const IMAGE_MAX_MB = 10
export const AV_MAX_MB = 25
export const AVATAR_MAX_MB = 10

export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * MB
export const AV_MAX_BYTES = AV_MAX_MB * MB

/*
 * The multipart transport cap: the largest file any upload takes, plus room
 * for the form's other fields and for a file a little over its cap, which
 * then gets its own "too big (max N MB)" answer from the code that knows
 * what kind of file it is. Past this the body parser stops reading (413).
 */
export const MULTIPART_LIMIT_BYTES = (Math.max(IMAGE_MAX_MB, AV_MAX_MB, AVATAR_MAX_MB) + 5) * MB

/*
 * An image sent as base64 in JSON (POST ai/image_occlusion, the editor's
 * scan text): 4 characters per 3 bytes, plus a data-URL prefix. The JSON
 * body cap (config/bodyparser.ts) is derived from it, so an image within
 * 10 MB always reaches the code that judges it.
 */
export const IMAGE_BASE64_MAX_CHARS = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 100
export const JSON_LIMIT_BYTES = IMAGE_BASE64_MAX_CHARS + 64 * 1024
/* a url-encoded form body (the web's few plain forms) */
export const FORM_LIMIT_BYTES = 1 * MB

/** A body past the body parser's cap of its kind: what it may weigh (MB, one decimal), for the 413's message. */
export function bodyLimitMbOf(isJson: boolean) {
  return Math.round(((isJson ? JSON_LIMIT_BYTES : FORM_LIMIT_BYTES) / MB) * 10) / 10
}

/* the routes whose only file is an avatar */
const AVATAR_ROUTES = new Set(['/account/avatar', '/api/users/:id'])

/**
 * What an upload to this route may weigh at most (MB) and the field its file comes in, for a body past the
 * transport cap.
 */
export function uploadLimitOf(routePattern: string | undefined) {
  return routePattern && AVATAR_ROUTES.has(routePattern)
    ? { max: AVATAR_MAX_MB, field: 'avatar' }
    : { max: AV_MAX_MB, field: 'file' }
}
