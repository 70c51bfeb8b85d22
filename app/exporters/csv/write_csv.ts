import { FORMULA_START, OWN_CSV_HEADER } from '#importers/text/own_csv'

/*
 * Quoted when a plain field would not read back the same: separators, quotes,
 * new lines, a tab (it would make the reader pick tab as the separator),
 * surrounding spaces (plain fields are trimmed) or a leading # (a comment).
 * A formula start gets a single quote in front (app/importers/text/own_csv.ts).
 */
function csvField(value: string): string {
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`
  return /[",\r\n\t]|^\s|\s$|^#/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/**
 * RFC 4180 CSV with a `front,back,tags` header row; fields are HTML as stored,
 * tags separated by spaces; a field a spreadsheet would run as a formula
 * starts with a single quote (csvField).
 */
export function writeCsv(rows: { front: string; back: string; tags: string[] }[]): string {
  const lines = [OWN_CSV_HEADER.join(',')]
  for (const row of rows)
    lines.push([row.front, row.back, row.tags.join(' ')].map(csvField).join(','))
  return lines.join('\r\n') + '\r\n'
}
