import sanitizeHtml from 'sanitize-html'
import { isAllowedHref, isAllowedMediaSrc, isRemoteUrl } from '#note_types/urls'

/*
 * One allowlist for everything that ends up in a card: what the rich-text
 * editor produces, what imported Anki decks legitimately contain, and what our
 * own renderers emit (cloze spans, type-in placeholders, occlusion masks).
 * Card HTML is shown inside the app's origin, so anything scriptable is out.
 */

const ALLOWED_TAGS = [
  'p',
  'div',
  'span',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'mark',
  'font',
  'small',
  'ol',
  'ul',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'code',
  'blockquote',
  'a',
  'img',
  'audio',
  'video',
  'source',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'ruby',
  'rt',
  'rp',
  'details',
  'summary',
]

const ALLOWED_ATTRIBUTES: Record<string, sanitizeHtml.AllowedAttribute[]> = {
  '*': ['class', 'style'],
  'a': ['href', 'rel', 'target'],
  'img': ['src', 'alt', 'title', 'width', 'height'],
  'audio': ['src', 'controls'],
  'video': ['src', 'controls', 'width', 'height'],
  'source': ['src', 'type'],
  'td': ['colspan', 'rowspan'],
  'th': ['colspan', 'rowspan'],
  'font': ['color'],
  'ol': ['start'],
  'details': ['open'],
  /* Anki's templates scroll to <hr id=answer>; any other id could clobber page globals. */
  'hr': ['id'],
  /* Emitted by cloze.ts and template.ts ({{type:…}}); the study page reads them. */
  'span': [
    'data-cloze',
    'data-ordinal',
    'data-type-answer',
    'data-type-cloze',
    'data-type-expected',
  ],
  /* Emitted by occlusion.ts. */
  'div': ['data-occlusion-group'],
}

const NUMBER = String.raw`\d{1,4}(\.\d{1,4})?`
const SIZE = new RegExp(String.raw`^(0|${NUMBER}(px|em|rem|%|pt)|auto)$`, 'i')
const PERCENT = new RegExp(String.raw`^-?${NUMBER}%$`)
const COLOR_PART = String.raw`\d{1,3}(\.\d{1,4})?(%|deg)?`
const COLOR = new RegExp(
  String.raw`^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgba?|hsla?)\(\s*${COLOR_PART}(\s*,\s*|\s+)` +
    String.raw`${COLOR_PART}(\s*,\s*|\s+)${COLOR_PART}(\s*[,/]\s*(0|1|0?\.\d{1,4}|\d{1,3}%))?\s*\))$`,
  'i'
)
const DECORATION = '(underline|line-through|overline)'

/* Values are matched whole; nothing that can hold a url(), expression() or escape passes. */
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  'color': [COLOR],
  'background-color': [COLOR],
  'text-align': [/^(left|right|center|justify|start|end)$/i],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(normal|italic|oblique)$/i],
  'text-decoration': [new RegExp(`^(none|${DECORATION}(\\s+${DECORATION}){0,2})$`, 'i')],
  'font-size': [SIZE, /^(xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/i],
  'width': [SIZE],
  'height': [SIZE],
  /* occlusion masks: position comes from CSS classes, only offsets and rotation inline */
  'left': [PERCENT],
  'top': [PERCENT],
  'transform': [/^rotate\(-?\d{1,3}(\.\d{1,4})?deg\)$/],
}

const INTEGER_ATTRIBUTE = /^\d{1,4}%?$/
const MIME = /^(audio|video)\/[a-z0-9.+-]{1,40}$/i
const DISCARD_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'applet',
  'template',
  'title',
  'select',
  'frameset',
  'frame',
]

type Mode = 'field' | 'template'

/* while a save sanitizes: a remote image's stored copy (its local URL), or null when it has none */
let localImage: ((url: string) => string | null) | null = null

/* data-cloze holds the revealed answer as HTML; a study page may inject it, so it is cleaned too. */
let dataClozeDepth = 0
function cleanDataCloze(value: string): string | undefined {
  if (dataClozeDepth >= 3) return undefined
  dataClozeDepth++
  try {
    return sanitizeHtml(value, OPTIONS.field)
  } finally {
    dataClozeDepth--
  }
}

function keepAttribute(mode: Mode, tag: string, name: string, value: string): string | undefined {
  switch (name) {
    case 'href':
      return isAllowedHref(value, mode === 'template') ? value : undefined
    case 'src':
      return isAllowedMediaSrc(value) ? value : undefined
    case 'width':
    case 'height':
    case 'colspan':
    case 'rowspan':
    case 'start':
      return INTEGER_ATTRIBUTE.test(value.trim()) ? value.trim() : undefined
    case 'color':
      return COLOR.test(value.trim()) ? value.trim() : undefined
    case 'type':
      return tag === 'source' && MIME.test(value.trim()) ? value.trim() : undefined
    case 'id':
      return tag === 'hr' && value.trim().toLowerCase() === 'answer' ? 'answer' : undefined
    case 'data-cloze':
      return cleanDataCloze(value)
    default:
      return value
  }
}

function buildOptions(mode: Mode): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedStyles: { '*': ALLOWED_STYLES },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {
      img: ['http', 'https', 'data'],
      audio: ['http', 'https', 'data'],
      video: ['http', 'https', 'data'],
      source: ['http', 'https', 'data'],
    },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DISCARD_WITH_CONTENT,
    selfClosing: ['img', 'br', 'hr', 'source'],
    nestingLimit: 256,
    /* sanitize-html's scheme check stays on as a second layer; ours is stricter (data: images only) */
    transformTags: {
      '*': (tagName, attribs) => keepAttributes(mode, tagName, attribs),
      /* a remote image never stays: its stored copy (a save's) or its alt text */
      'img': (tagName, attribs) => {
        if (!attribs.src || !isRemoteUrl(attribs.src)) return keepAttributes(mode, tagName, attribs)
        const local = localImage?.(attribs.src.trim())
        return local
          ? keepAttributes(mode, tagName, { ...attribs, src: local })
          : { tagName: 'span', attribs: {}, text: attribs.alt ?? '' }
      },
    },
  }
}

function keepAttributes(mode: Mode, tagName: string, attribs: sanitizeHtml.Attributes) {
  const kept: sanitizeHtml.Attributes = {}
  const isLink = tagName === 'a'
  for (const [name, value] of Object.entries(attribs)) {
    if (isLink && (name === 'rel' || name === 'target')) continue
    const cleaned = keepAttribute(mode, tagName, name, value)
    if (cleaned !== undefined) kept[name] = cleaned
  }
  /* links open outside the study page and tell the target nothing about it */
  if (isLink) {
    kept.rel = 'noopener noreferrer nofollow'
    kept.target = '_blank'
  }
  return { tagName, attribs: kept }
}

const OPTIONS: Record<Mode, sanitizeHtml.IOptions> = {
  field: buildOptions('field'),
  template: buildOptions('template'),
}

/*
 * Text with no markup character is what sanitize-html returns unchanged (it
 * parses no tag and escapes nothing): most fields of a large import are
 * such text, and the parser's work per call is the import's main cost
 * (tests/unit/note_types/sanitize.spec.ts holds the two to the same output).
 */
const MARKUP = /[<>&"]/

export function sanitizeFieldHtml(
  html: string,
  storedImage?: (url: string) => string | null
): string {
  if (typeof html === 'string' && !MARKUP.test(html)) return html
  localImage = storedImage ?? null
  try {
    return sanitizeHtml(html ?? '', OPTIONS.field)
  } finally {
    localImage = null
  }
}

/**
 * The remote images (`<img src="http(s)://…">`) a field names, as the
 * sanitizer reads them (entities decoded): what a save fetches and stores.
 */
export function remoteImageSources(html: string): string[] {
  /*
   * a remote address has two slashes somewhere (or an escape that makes them): most images of an import are
   * local names
   */
  if (typeof html !== 'string' || !/<img/i.test(html) || !/\/\/|\\|&#|&sol;/i.test(html)) return []
  const found = new Set<string>()
  sanitizeFieldHtml(html, (url) => (found.add(url), null))
  return [...found]
}

/*
 * Same allowlist; placeholders are plain text so they survive anyway, and a
 * link may start with one (`<a href="{{Url}}">`): the rendered card goes
 * through sanitizeFieldHtml again, which judges the real value.
 */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS.template)
}

export { sanitizeCss } from '#note_types/css'
