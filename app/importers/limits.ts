const MB = 1024 * 1024

/*
 * Imports (docs/api.md: Uploads and their ceilings). Any file up to 500 MB (the
 * spec); a text file (CSV, TSV, TXT) up to 50 MB, refused as it streams in;
 * and, since a text file is one card a row and each row costs the import
 * job its writes, rows up to a cap by plan, refused by the job before it
 * writes anything (import_too_many_rows).
 */
export const IMPORT_MAX_MB = 500
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * MB
export const TEXT_IMPORT_MAX_MB = 50
export const TEXT_IMPORT_MAX_BYTES = TEXT_IMPORT_MAX_MB * MB
export const TEXT_IMPORT_MAX_ROWS = { free: 10_000, premium: 100_000 } as const

/** The most rows (cards) one text import takes on the learner's plan. */
export function textImportMaxRows(hasPremium: boolean) {
  return hasPremium ? TEXT_IMPORT_MAX_ROWS.premium : TEXT_IMPORT_MAX_ROWS.free
}
