import { LOCALES, type Locale } from '#config/i18n'
import type { ErrorKey } from '#exceptions/catalogue'

/*
 * The shapes of the remote flags that hold more than a scalar: `banners`
 * (the notices at the top of signed-in pages) and `scheduling_link`. Each
 * check answers the value as stored, or the problem as an error of the
 * catalogue (errors.invalid_banners.*, errors.invalid_url_flag), so the
 * admin page and the API say what is wrong and where.
 */

const BANNER_LEVELS = ['info', 'warning', 'success'] as const
type BannerLevel = (typeof BANNER_LEVELS)[number]

/** A banner as stored: a plain text for every language, or one per language (English required, the fallback). */
export type Banner = {
  id: string
  level: BannerLevel
  text: string | Partial<Record<Locale, string>>
  link: string | null
  until: string | null
}

export type FlagProblem = {
  key: ErrorKey<'E_INVALID_FLAG'>
  values?: Record<string, string | number>
}
/* what can be wrong with one banner: errors.invalid_banners.<problem> */
type BannerProblem =
  ErrorKey<'E_INVALID_FLAG'> extends infer Key
    ? Key extends `invalid_banners.${infer Problem}`
      ? Problem
      : never
    : never
type Checked<T> = { value: T } | { problem: FlagProblem }

const MAX_BANNERS = 10
const BANNER_TEXT_MAX = 300
const URL_MAX = 500
const BANNER_KEYS = new Set(['id', 'level', 'text', 'link', 'until'])
const BANNER_ID = /^[A-Za-z0-9_-]{1,64}$/

/** An address a banner may lead to: a path of this site, or an http(s) address elsewhere. */
function isBannerLink(value: string) {
  if (value.length > URL_MAX) return false
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
  return isWebUrl(value)
}

/** An absolute http(s) address. */
function isWebUrl(value: string) {
  if (value.length > URL_MAX || !/^https?:\/\//i.test(value)) return false
  try {
    return Boolean(new URL(value).hostname)
  } catch {
    return false
  }
}

function bannerText(value: unknown): Banner['text'] | undefined {
  const fits = (text: unknown): text is string =>
    typeof text === 'string' && text.trim() !== '' && text.length <= BANNER_TEXT_MAX
  if (fits(value)) return value.trim()
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const entries = Object.entries(value)
  if (
    !entries.every(
      ([locale, text]) => (LOCALES as readonly string[]).includes(locale) && fits(text)
    )
  )
    return undefined
  if (!fits((value as Record<string, unknown>).en)) return undefined
  return Object.fromEntries(entries.map(([locale, text]) => [locale, (text as string).trim()]))
}

/** One banner (position counts from 1, as the admin reads the list). */
function checkBanner(item: unknown, position: number, seen: Set<string>): Checked<Banner> {
  const problem = (key: BannerProblem, values: Record<string, string | number> = {}) => ({
    problem: { key: `invalid_banners.${key}` as const, values: { position, ...values } },
  })
  if (!item || typeof item !== 'object' || Array.isArray(item)) return problem('not_object')
  const fields = item as Record<string, unknown>
  const unknown = Object.keys(fields).find((key) => !BANNER_KEYS.has(key))
  if (unknown) return problem('unknown_field', { field: unknown.slice(0, 40) })
  if (typeof fields.id !== 'string' || !BANNER_ID.test(fields.id)) return problem('id')
  if (seen.has(fields.id)) return problem('duplicate_id', { id: fields.id })
  seen.add(fields.id)
  const level = fields.level ?? 'info'
  if (!(BANNER_LEVELS as readonly unknown[]).includes(level)) return problem('level')
  const text = bannerText(fields.text)
  if (text === undefined) return problem('text', { max: BANNER_TEXT_MAX })
  const link = fields.link ?? null
  if (link !== null && (typeof link !== 'string' || !isBannerLink(link))) return problem('link')
  const until = fields.until ?? null
  if (
    until !== null &&
    (typeof until !== 'string' || until.length > 40 || Number.isNaN(Date.parse(until)))
  )
    return problem('until')
  return {
    value: {
      id: fields.id,
      level: level as BannerLevel,
      text,
      link,
      until: until === null ? null : new Date(until).toISOString(),
    },
  }
}

/** The `banners` flag: a list of at most MAX_BANNERS banners with distinct ids. */
export function checkBanners(value: unknown): Checked<Banner[]> {
  if (!Array.isArray(value)) return { problem: { key: 'invalid_banners.not_list' } }
  if (value.length > MAX_BANNERS)
    return { problem: { key: 'invalid_banners.too_many', values: { max: MAX_BANNERS } } }
  const seen = new Set<string>()
  const banners: Banner[] = []
  for (const [index, item] of value.entries()) {
    const checked = checkBanner(item, index + 1, seen)
    if ('problem' in checked) return checked
    banners.push(checked.value)
  }
  return { value: banners }
}

/**
 * A flag holding a web address (`scheduling_link`): empty for none (null too: forms send an emptied field as
 * null), else an http(s) address.
 */
export function checkUrlFlag(name: string, value: unknown): Checked<string> {
  if (value === null) return { value: '' }
  if (typeof value === 'string' && (value.trim() === '' || isWebUrl(value.trim())))
    return { value: value.trim() }
  return { problem: { key: 'invalid_url_flag', values: { name } } }
}

/** The banners shown now, in the reader's language, without those this browser dismissed. */
export function activeBanners(
  banners: Banner[],
  locale: string,
  dismissed: Set<string>,
  now = Date.now()
) {
  return banners
    .filter(
      (banner) =>
        !dismissed.has(banner.id) && (banner.until === null || Date.parse(banner.until) > now)
    )
    .map((banner) => ({
      id: banner.id,
      level: banner.level,
      text:
        typeof banner.text === 'string'
          ? banner.text
          : (banner.text[locale as Locale] ?? banner.text.en ?? ''),
      link: banner.link,
    }))
}
