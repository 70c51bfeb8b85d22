import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { compareVersions } from '#services/remote_flag_defaults'
import { allFlags, remoteFlag } from '#services/remote_flags'

/*
 * What the remote flags say to every request, read from the process's copy
 * (no query): the maintenance alert, the app version floor and the server
 * message header.
 */

/** The header the apps send their version in (spec 000 §7: "headers for platform, app version"). */
const APP_VERSION_HEADER = 'x-app-version'
/** The non-dismissible server message: base64 of the UTF-8 JSON {"title": …, "body": …}. */
export const SERVER_MESSAGE_HEADER = 'x-server-message'

/**
 * Maintenance (spec 000 §4): while the flag is on, users created before
 * maintenance_started_at see the server-down alert (no timestamp: everyone).
 * Admins pass, so they can look around and turn it off again
 * (PUT /api/remote_flags/maintenance).
 */
export function inMaintenanceFor(user: Pick<User, 'createdAt' | 'isAdmin'> | null | undefined) {
  if (!user || user.isAdmin || !remoteFlag('maintenance')) return false
  const since = remoteFlag('maintenance_started_at')
  if (!since) return true
  return user.createdAt.toMillis() < Date.parse(since)
}

export function assertNotInMaintenance(user: User) {
  if (inMaintenanceFor(user)) throw ApiException.of('E_MAINTENANCE')
}

/** An app older than min_app_version must update (426); requests without the header (the web) pass. */
export function assertAppVersion(ctx: HttpContext) {
  const sent = ctx.request.header(APP_VERSION_HEADER)
  if (!sent || !/^\d{1,6}(\.\d{1,6}){0,3}/.test(sent)) return
  const min = remoteFlag('min_app_version')
  if (compareVersions(sent, min) < 0) {
    throw ApiException.of('E_APP_UPDATE_REQUIRED', {
      values: { min, latest: remoteFlag('latest_version') },
    })
  }
}

let encodedFor: unknown = null
let encoded: string | null = null

/** The header's value for the current server_message flag, encoded once per change. */
export function serverMessageHeader(): string | null {
  const message = allFlags().server_message
  if (message !== encodedFor) {
    encodedFor = message
    encoded = message
      ? Buffer.from(JSON.stringify({ title: message.title, body: message.body }), 'utf8').toString(
          'base64'
        )
      : null
  }
  return encoded
}
