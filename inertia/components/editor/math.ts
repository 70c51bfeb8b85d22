import type katexModule from 'katex'

/*
 * KaTeX (its script and its stylesheet) is loaded by the first card that
 * holds math, not by every page that shows cards (issue 33).
 */
let katex: typeof katexModule | null = null
let loading: Promise<void> | null = null

/** Whether `html` holds Anki's math delimiters. */
export function hasMath(html: string) {
  return html.includes('\\(') || html.includes('\\[')
}

export function mathReady() {
  return katex !== null
}

export function loadMath() {
  loading ??= import('katex').then((loaded) => {
    katex = loaded.default
  })
  return loading
}

/** `\(…\)` inline and `\[…\]` display math, as Anki stores it. */
const MATH = /\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g

/**
 * Replaces math source in card HTML with KaTeX's rendering. Browser only
 * (DOMParser): works on text nodes, so escaped characters and tags around
 * the math are left alone, and code blocks keep their source.
 */
export function renderMath(html: string) {
  if (!katex || !hasMath(html)) return html
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT)
  const texts: Text[] = []
  while (walker.nextNode()) texts.push(walker.currentNode as Text)

  for (const node of texts) {
    if (node.parentElement?.closest('pre, code, textarea')) continue
    const text = node.data
    const matches = [...text.matchAll(MATH)]
    if (!matches.length) continue
    const fragment = doc.createDocumentFragment()
    let last = 0
    for (const match of matches) {
      fragment.append(text.slice(last, match.index))
      const holder = doc.createElement('span')
      holder.innerHTML = katex!.renderToString(match[1] ?? match[2], {
        displayMode: match[2] !== undefined,
        throwOnError: false,
      })
      fragment.append(...holder.childNodes)
      last = match.index + match[0].length
    }
    fragment.append(text.slice(last))
    node.replaceWith(fragment)
  }
  return doc.body.innerHTML
}
