import vine from '@vinejs/vine'

/**
 * The links a public profile may show (spec: "social links"), a small fixed
 * set: a website (any http(s) address) and four networks, each an address on
 * that network's own host. Stored in users.social_links as {network: url};
 * an empty value removes the link.
 */
const SOCIAL_LINK_NETWORKS = ['website', 'youtube', 'instagram', 'tiktok', 'x'] as const
export type SocialLinkNetwork = (typeof SOCIAL_LINK_NETWORKS)[number]

const HOSTS: Record<Exclude<SocialLinkNetwork, 'website'>, string[]> = {
  youtube: ['youtube.com', 'youtu.be'],
  instagram: ['instagram.com'],
  tiktok: ['tiktok.com'],
  x: ['x.com', 'twitter.com'],
}

const SOCIAL_LINK_MAX = 300

/** The link as stored, or null when it is not an acceptable address for `network`. */
function normalizeSocialLink(network: SocialLinkNetwork, value: string): string | null {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  if (network !== 'website') {
    const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '')
    if (!HOSTS[network].includes(host)) return null
  }
  return url.toString()
}

const socialLinkRule = vine.createRule<{ network: SocialLinkNetwork }>(
  (value, { network }, field) => {
    if (typeof value !== 'string' || value === '') return
    const normalized = normalizeSocialLink(network, value)
    if (!normalized)
      field.report('Enter a link to your profile there (https://…)', 'socialLink', field)
    else field.mutate(normalized, field)
  }
)

const link = (network: SocialLinkNetwork) =>
  vine
    .string()
    .trim()
    .maxLength(SOCIAL_LINK_MAX)
    .use(socialLinkRule({ network }))
    .nullable()
    .optional()

/** The validator of the links object: each network optional, '' or null removes it. */
export const socialLinksField = () =>
  vine.object({
    website: link('website'),
    youtube: link('youtube'),
    instagram: link('instagram'),
    tiktok: link('tiktok'),
    x: link('x'),
  })

/** The stored links after `changes` (absent networks unchanged, null or '' removed); only known networks survive. */
export function mergeSocialLinks(
  current: Record<string, string>,
  changes: Partial<Record<SocialLinkNetwork, string | null | undefined>>
) {
  const next: Record<string, string> = {}
  for (const network of SOCIAL_LINK_NETWORKS) {
    const change = changes[network]
    const value = change === undefined ? current[network] : change
    if (typeof value === 'string' && value !== '') next[network] = value
  }
  return next
}
