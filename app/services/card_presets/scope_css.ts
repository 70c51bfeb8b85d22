import postcss, {
  type AtRule,
  type ChildNode,
  type Container,
  type Declaration,
  type Rule,
} from 'postcss'
import selectorParser from 'postcss-selector-parser'
import { compactUrl, isDataImage, urlScheme } from '#note_types/urls'

/*
 * A card preset's custom CSS, confined to the card's frame. Cards render in
 * a sandboxed frame already (card_face.tsx); this is the server's half, so
 * the same CSS is safe wherever a client puts it (an app's web view too):
 *
 * - every selector is rewritten under the frame's class (`.x` becomes
 *   `.mnemo-card-frame .x`; `html`, `body`, `:root` and `*` at the start
 *   become the frame itself), so no rule can match anything outside it;
 * - at-rules other than @media, @supports, @keyframes and @font-face are
 *   dropped (@import, @namespace, @page, @charset, @layer, @container…);
 * - a declaration is dropped when it loads from another origin (url(),
 *   image-set() or src with a scheme or `//host`; a same-origin path or a
 *   data: image stays), positions outside the frame (position: fixed or
 *   sticky), or runs code in old engines (expression(), behavior, -moz-binding);
 * - comments are dropped; CSS that does not parse gives nothing.
 */
export const FRAME_CLASS = 'mnemo-card-frame'
export const CUSTOM_CSS_MAX = 20_000

const KEPT_AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes', 'font-face'])
const ROOTS = new Set(['html', 'body', ':root'])
const CODE_PROPERTIES = new Set(['behavior', '-moz-binding'])

/* Escapes decoded and whitespace removed, lowercased: what an engine would read. */
function inspected(value: string) {
  return value
    .replace(/\\([0-9a-f]{1,6})[ \t\r\n\f]?|\\([^\r\n\f])/gi, (_, hex: string, char: string) =>
      char !== undefined
        ? char
        : String.fromCodePoint(Math.min(Number.parseInt(hex, 16) || 0xfffd, 0x10ffff))
    )
    .toLowerCase()
    .replace(/\s+/g, '')
}

/** A url the card may load: a same-origin path (not `//host`) or an inline raster image. */
export function isSameOriginUrl(raw: string) {
  const url = compactUrl(raw.trim())
  if (!url) return false
  if (urlScheme(url) !== null) return isDataImage(url)
  return !/^[\\/][\\/]/.test(url)
}

function urlsOf(value: string) {
  const found: string[] = []
  for (const match of value.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/g))
    found.push(match[1] ?? match[2] ?? match[3] ?? '')
  /* image-set("a.png" 1x) and src: "x" take bare strings as URLs */
  if (value.includes('image-set('))
    for (const match of value.matchAll(/"([^"]*)"|'([^']*)'/g))
      found.push(match[1] ?? match[2] ?? '')
  return found
}

function declarationAllowed(decl: Declaration) {
  const prop = inspected(decl.prop)
  const value = inspected(decl.value)
  if (CODE_PROPERTIES.has(prop) || value.includes('expression(') || value.includes('javascript:'))
    return false
  if (prop === 'position' && /fixed|sticky/.test(value)) return false
  if (value.includes('url(') && !/url\(/.test(decl.value.toLowerCase().replace(/\s+/g, '')))
    return false
  if (/@import/.test(value)) return false
  return (
    urlsOf(decl.value).every(isSameOriginUrl) &&
    (!value.includes('url(') || urlsOf(decl.value).length > 0)
  )
}

const isRoot = (node: selectorParser.Node | undefined) =>
  Boolean(
    node &&
    ((node.type === 'tag' && ROOTS.has(node.value.toLowerCase())) ||
      (node.type === 'pseudo' && node.value.toLowerCase() === ':root'))
  )

const rewriteSelector = selectorParser((selectors) => {
  selectors.each((selector) => {
    /* `html body .x`: the document's roots in front are the frame's place */
    while (isRoot(selector.first) && selector.first.next()?.type === 'combinator') {
      selector.first.next()!.remove()
      selector.first.remove()
    }
    const frame = selectorParser.className({ value: FRAME_CLASS })
    if (selector.first) selector.first.spaces.before = ''
    /* `body`, `body.x`, `:root`: the frame itself */
    if (isRoot(selector.first)) return void selector.first.replaceWith(frame)
    selector.prepend(selectorParser.combinator({ value: ' ' }))
    selector.prepend(frame)
  })
})

function scopeRule(rule: Rule) {
  try {
    rule.selector = rewriteSelector.processSync(rule.selector.trim())
  } catch {
    rule.remove()
  }
}

function clean(container: Container, inKeyframes: boolean) {
  container.each((node: ChildNode) => {
    if (node.type === 'comment') return void node.remove()
    if (node.type === 'decl') return void (declarationAllowed(node) || node.remove())
    if (node.type === 'atrule') return cleanAtRule(node)
    if (node.type === 'rule') {
      if (!inKeyframes) scopeRule(node)
      if (node.parent) clean(node, false)
    }
  })
}

function cleanAtRule(node: AtRule) {
  const name = node.name.toLowerCase()
  if (!KEPT_AT_RULES.has(name) || inspected(node.params).includes('url(')) return void node.remove()
  if (name === 'font-face') {
    /* a font may come from this site only; a face without a usable src is dropped */
    node.each(
      (child) =>
        void (child.type === 'decl' ? declarationAllowed(child) || child.remove() : child.remove())
    )
    return
  }
  clean(node, name.endsWith('keyframes'))
}

/** The CSS a card gets for `css` as its author wrote it; '' when it does not parse. */
export function scopeCardCss(css: string): string {
  if (!css.trim()) return ''
  let root
  try {
    root = postcss.parse(css.slice(0, CUSTOM_CSS_MAX))
  } catch {
    return ''
  }
  clean(root, false)
  /* `</style` cannot end the element it is put in */
  return root
    .toString()
    .replace(/<\/style/gi, '<\\/style')
    .trim()
}
