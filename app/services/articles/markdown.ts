/*
 * The little Markdown the articles are written in, read into plain data
 * that the page renders as React elements: no HTML is ever produced or
 * passed through, so an article cannot inject markup. What it knows:
 * `## heading`, `### heading`, paragraphs, `- item` and `1. item` lists,
 * `![](screenshot-id)` on a line of its own, and inline **bold**, `code`
 * and [links](/path) (on the site or https; any other address stays text).
 */
import type { Block, Inline } from '#types/articles'

const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g
const SAFE_HREF = /^(\/(?![/\\])|https:\/\/)/

export function parseInline(text: string): Inline[] {
  const content: Inline[] = []
  let last = 0
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) content.push({ kind: 'text', text: text.slice(last, match.index) })
    if (match[1] !== undefined) content.push({ kind: 'strong', text: match[1] })
    else if (match[2] !== undefined) content.push({ kind: 'code', text: match[2] })
    else if (SAFE_HREF.test(match[4]))
      content.push({ kind: 'link', text: match[3], href: match[4] })
    else content.push({ kind: 'text', text: match[3] })
    last = match.index + match[0].length
  }
  if (last < text.length) content.push({ kind: 'text', text: text.slice(last) })
  return content
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = []
  let paragraph: string[] = []
  let list: { ordered: boolean; items: string[] } | null = null
  const flush = () => {
    if (paragraph.length)
      blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) })
    if (list)
      blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) })
    paragraph = []
    list = null
  }
  for (const line of source.split(/\r?\n/).map((text) => text.trim())) {
    const heading = line.match(/^(#{2,3}) (.+)$/)
    const image = line.match(/^!\[\]\(([a-z0-9_]+)\)$/)
    const item = line.match(/^(?:(-)|\d+\.) (.+)$/)
    if (!line) flush()
    else if (heading) {
      flush()
      blocks.push({
        kind: 'heading',
        level: heading[1].length as 2 | 3,
        content: parseInline(heading[2]),
      })
    } else if (image) {
      flush()
      blocks.push({ kind: 'image', image: image[1] })
    } else if (item) {
      const ordered = !item[1]
      if (paragraph.length || (list && list.ordered !== ordered)) flush()
      list ??= { ordered, items: [] }
      list.items.push(item[2])
    } else if (list) {
      /* a wrapped list item goes on */
      list.items[list.items.length - 1] += ` ${line}`
    } else paragraph.push(line)
  }
  flush()
  return blocks
}
