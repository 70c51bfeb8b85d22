/*
 * The remote flags and their defaults (spec 000 "Remote-flag defaults"; the
 * values the spec does not show are ours). The kind of each flag types
 * remoteFlag() and the admin page's inputs, and checks what setFlag() takes.
 */
import { checkBanners, checkUrlFlag, type Banner, type FlagProblem } from '#services/flag_shapes'

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

export const FLAG_DEFAULTS = {
  cards_to_paywall: 100,
  guest_cards_created: 200,
  guest_cards_studied: 500,
  min_publish_cards: 20,
  min_app_version: '1.5.2',
  latest_version: '2.14.0',
  ai_speech: true,
  onboarding_rate_us: true,
  onboarding_v3: true,
  /** notices at the top of signed-in pages (app/services/flag_shapes.ts: {id, level, text, link, until}) */
  banners: [] as Banner[],
  lifetime_banner: false,
  maintenance: false,
  /** ISO timestamp: users created before it see the server-down alert while maintenance is on */
  maintenance_started_at: null as string | null,
  /** {title, body} of a non-dismissible server message (the x-server-message header), or null */
  server_message: null as { title: string; body: string } | null,
  /** an http(s) address explaining the scheduling (the study settings link to it), or '' for none */
  scheduling_link: '',
  link_maps: {} as Record<string, JsonValue>,
}

export type FlagName = keyof typeof FLAG_DEFAULTS
export type Flags = { -readonly [Name in FlagName]: (typeof FLAG_DEFAULTS)[Name] }
export type FlagKind = 'integer' | 'boolean' | 'version' | 'timestamp' | 'text' | 'url' | 'json'

export const FLAG_KINDS: Record<FlagName, FlagKind> = {
  cards_to_paywall: 'integer',
  guest_cards_created: 'integer',
  guest_cards_studied: 'integer',
  min_publish_cards: 'integer',
  min_app_version: 'version',
  latest_version: 'version',
  ai_speech: 'boolean',
  onboarding_rate_us: 'boolean',
  onboarding_v3: 'boolean',
  banners: 'json',
  lifetime_banner: 'boolean',
  maintenance: 'boolean',
  maintenance_started_at: 'timestamp',
  server_message: 'json',
  scheduling_link: 'url',
  link_maps: 'json',
}

export function isFlagName(name: unknown): name is FlagName {
  return typeof name === 'string' && Object.hasOwn(FLAG_DEFAULTS, name)
}

/** "1.5.2" against "1.10.0": numeric parts, missing ones are 0. */
export function compareVersions(a: string, b: string) {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0)
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0)
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const diff = (left[index] ?? 0) - (right[index] ?? 0)
    if (diff !== 0) return diff > 0 ? 1 : -1
  }
  return 0
}

/** The value as the flag's kind takes it, or undefined when it is not one. */
export function coerceFlag(name: FlagName, value: unknown): unknown {
  const checked = shapeOf(name, value)
  if (checked) return 'value' in checked ? checked.value : undefined
  switch (FLAG_KINDS[name]) {
    case 'integer':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1_000_000_000
        ? value
        : undefined
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined
    case 'version':
      return typeof value === 'string' && /^\d{1,4}(\.\d{1,4}){0,3}$/.test(value)
        ? value
        : undefined
    case 'timestamp':
      return value === null ||
        (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)))
        ? value === null
          ? null
          : new Date(value as string).toISOString()
        : undefined
    case 'text':
      return typeof value === 'string' && value.length <= 2000 ? value : undefined
    case 'url':
      /* checked by shapeOf */
      return undefined
    case 'json':
      return name === 'server_message'
        ? serverMessage(value)
        : value !== undefined && JSON.stringify(value).length <= 20_000
          ? value
          : undefined
  }
}

/* the flags with a shape of their own, checked where the problem can be named */
function shapeOf(name: FlagName, value: unknown) {
  if (name === 'banners') return checkBanners(value)
  if (FLAG_KINDS[name] === 'url') return checkUrlFlag(name, value)
  return null
}

/**
 * Why a value does not fit its flag: an error of the catalogue (the banner and field at fault, where the flag
 * has a shape).
 */
export function flagProblem(name: FlagName, value: unknown): FlagProblem {
  const checked = shapeOf(name, value)
  return checked && 'problem' in checked ? checked.problem : { key: 'invalid_flag' }
}

function serverMessage(value: unknown) {
  if (value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) return undefined
  const { title, body } = value as Record<string, unknown>
  if (
    typeof title !== 'string' ||
    typeof body !== 'string' ||
    !title.trim() ||
    title.length > 200 ||
    body.length > 2000
  )
    return undefined
  return { title, body }
}
