/*
 * The card search language, step three for what a note holds: text, fields,
 * tags, its type, its card's template, its deck's path. As Anki's SQL writer
 * (rslib/src/search/sqlwriter.rs): text matches the fields' HTML (and the
 * sort field's text), a field search matches a field's whole HTML, deck
 * names are full paths. Every value is a bound parameter.
 */
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { REVERSED_ORD_OFFSET } from '#note_types/cards'
import { htmlToPlainText } from '#note_types/plain_text'
import type { SearchNode, TextMode } from '#queries/cards/search_nodes'
import { globRegex, isGlob, likePattern, withoutCombining } from '#queries/cards/search_text'

type Builder = DatabaseQueryBuilderContract<any>

/* the fields' HTML, stored beside them (migration 0041) */
const FIELDS = 'n.fields_text'
/* Anki's clozes stripped: {{c1::text::hint}} reads as text */
const CLOZES_STRIPPED = `regexp_replace(${FIELDS}, ?, '\\1', 'g')`
const CLOZE = '\\{\\{c\\d+::(.*?)(::[^}]*?)?\\}\\}'

/*
 * Text without accents (nc:): mnemo_unaccent (migration 0041) only where the
 * text is not all ASCII, which spares most rows the call (three times faster)
 */
const folded = (column: string) =>
  `(case when octet_length(${column}) = char_length(${column}) then ${column} else mnemo_unaccent(${column}) end)`

/** Unqualified text: anywhere in the fields' HTML or in the sort field's text (Anki: sfld or flds). */
function textCondition(query: Builder, node: Extract<SearchNode, { type: 'text' }>) {
  const pattern = `%${likePattern(node.value)}%`
  if (node.mode === 'nc')
    return query.whereRaw(
      `(${folded('n.sort_text')} ilike mnemo_unaccent(?) escape '\\' or ` +
        `${folded(FIELDS)} ilike mnemo_unaccent(?) escape '\\')`,
      [pattern, pattern]
    )
  if (node.mode === 'sc')
    return query.whereRaw(
      `n.note_type_id in (select t.id from note_types t where t.kind = 'cloze') and ` +
        `${CLOZES_STRIPPED} ilike ? escape '\\'`,
      [CLOZE, pattern]
    )
  return query.whereRaw(`(n.sort_text ilike ? escape '\\' or ${FIELDS} ilike ? escape '\\')`, [
    pattern,
    pattern,
  ])
}

/** A field (its name with wildcards, any case) whose whole HTML matches the value. */
function fieldCondition(query: Builder, node: Extract<SearchNode, { type: 'field' }>) {
  const name = likePattern(node.field)
  const match: Record<TextMode, string> = {
    normal: `f.value ilike ? escape '\\'`,
    nc: `${folded('f.value')} ilike mnemo_unaccent(?) escape '\\'`,
    regex: `f.value ~* ?`,
  }
  const value = node.mode === 'regex' ? node.value : likePattern(node.value)
  const field =
    `exists (select 1 from jsonb_each_text(n.fields) f where f.key ilike ? escape '\\' ` +
    `and ${match[node.mode]})`
  /* a field that matches is somewhere in the fields' text: the stored text (and its index) narrows first */
  if (node.mode === 'normal')
    return query.whereRaw(`${FIELDS} ilike ? escape '\\' and ${field}`, [`%${value}%`, name, value])
  return query.whereRaw(field, [name, value])
}

/** A tag or one under it (tag::child); `*` and `_` stop at a space; any case. */
function tagCondition(query: Builder, node: Extract<SearchNode, { type: 'tag' }>) {
  const tags = `jsonb_array_elements_text(n.tags) as tag(name)`
  if (node.mode === 'regex')
    return query.whereRaw(`exists (select 1 from ${tags} where tag.name ~* ?)`, [node.name])
  if (node.name === 'none') return query.whereRaw('jsonb_array_length(n.tags) = 0')
  if (node.name.includes(' ')) return query.whereRaw('false')
  if (node.mode === 'nc')
    return query.whereRaw(`exists (select 1 from ${tags} where mnemo_unaccent(tag.name) ~* ?)`, [
      `^${globRegex(withoutCombining(node.name), '\\S')}(::|$)`,
    ])
  return query.whereRaw(`exists (select 1 from ${tags} where tag.name ~* ?)`, [
    `^${globRegex(node.name, '\\S')}(::|$)`,
  ])
}

/*
 * Every deck's full path (names joined by U+001F, as Anki keeps them), from
 * the roots the learner sees: their own and those shared with them.
 */
const DECK_PATHS = `c.deck_id in (with recursive tree(id, path) as (
    select x.id, x.name::text from decks x where x.parent_id is null and (x.user_id = ? or x.id = any(array(
      select k.deck_id from deck_collaborators k where k.user_id = ? and k.state = 'active')))
    union all
    select child.id, tree.path || chr(31) || child.name from decks child join tree on child.parent_id = tree.id
  ) select id from tree where path ~* ?)`

/** deck:A::B: the deck at that path (wildcards allowed, any case) and its subdecks; deck:B is a top-level B. */
function deckCondition(query: Builder, name: string, userId: number) {
  const path = globRegex(name).replaceAll('::', '\u001f')
  return query.whereRaw(DECK_PATHS, [userId, userId, `^${path}($|\u001f)`])
}

/* The built-in types' cards by template name: Mnemo's optional reversed card is Anki's "Card 2". */
function builtinTemplates(matches: (name: string) => boolean) {
  const pairs: string[] = []
  for (const [kind, definition] of Object.entries(BUILTIN_NOTE_TYPES)) {
    definition.templates.forEach((template, ord) => {
      if (matches(template.name)) pairs.push(`${kind}:${ord}`)
    })
    if (!definition.isCloze && definition.templates.length === 1 && matches('Card 2'))
      pairs.push(`${kind}:${REVERSED_ORD_OFFSET}`)
  }
  return pairs
}

function nameMatcher(name: string) {
  if (isGlob(name)) {
    const regex = new RegExp(`^${globRegex(name).replace(/\\y/g, '')}$`, 'is')
    return (candidate: string) => regex.test(candidate)
  }
  const plain = name.replace(/\\(.)/g, '$1').toLowerCase()
  return (candidate: string) => candidate.toLowerCase() === plain
}

/** card:2 (1-based; Mnemo's reversed card counts as the second) or card:Name (the template's name). */
function templateCondition(query: Builder, node: Extract<SearchNode, { type: 'template' }>) {
  if ('ord' in node) {
    if (node.ord !== 1) return query.whereRaw('c.ord = ?', [node.ord])
    return query.whereRaw(
      `(c.ord = 1 or (c.ord = ${REVERSED_ORD_OFFSET} and n.note_type_id in (select t.id from note_types t ` +
        `where t.kind not in ('cloze', 'image_occlusion'))))`
    )
  }
  return query.whereRaw(
    `n.note_type_id in (select t.id from note_types t where (t.user_id is null and (t.kind || ':' || c.ord) = any(?))
      or (t.user_id is not null and (case when c.ord = ${REVERSED_ORD_OFFSET} then 'Reversed'
        else t.templates -> c.ord ->> 'name' end) ilike ? escape '\\'))`,
    [builtinTemplates(nameMatcher(node.name)), likePattern(node.name)]
  )
}

/* mid: Mnemo's note type id, or the Anki id an imported type kept */
const OF_TYPE =
  '(n.note_type_id::bigint = ? or n.note_type_id in (select t.id from note_types t where t.anki_id = ?))'

/** The note-side leaves; null for a leaf that is not one. */
export function noteCondition(query: Builder, node: SearchNode, userId: number): Builder | null {
  switch (node.type) {
    case 'text':
      return textCondition(query, node)
    case 'regex':
      return query.whereRaw(`${FIELDS} ~* ?`, [node.pattern])
    case 'field':
      return fieldCondition(query, node)
    case 'tag':
      return tagCondition(query, node)
    case 'deck':
      return deckCondition(query, node.name, userId)
    case 'template':
      return templateCondition(query, node)
    case 'note_type':
      return query.whereRaw(
        `n.note_type_id in (select t.id from note_types t where t.name ilike ? escape '\\')`,
        [likePattern(node.name)]
      )
    case 'note_type_id':
      return query.whereRaw(OF_TYPE, [node.id, node.id])
    case 'dupe':
      return query.whereRaw(`${OF_TYPE} and n.sort_text = ?`, [
        node.noteTypeId,
        node.noteTypeId,
        htmlToPlainText(node.text).toLowerCase(),
      ])
    default:
      return null
  }
}
