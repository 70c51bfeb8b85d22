/* Text imports in the import dialog: the separator choices and the preview of what will be read. */
import { useT } from '~/lib/i18n'
import type { ImportPreview } from '~/components/imports/upload'

type CardChoice = 'newline' | 'semicolon' | 'custom'
type FieldChoice = 'tab' | 'comma' | 'custom'
/* null: not chosen, the preview's detection stands */
export type Separators = {
  card: CardChoice | null
  cardCustom: string
  field: FieldChoice | null
  fieldCustom: string
}

const PROBLEM_REASONS = ['no_front', 'no_back', 'too_many_fields', 'unbalanced_quote'] as const
export type Reason = (typeof PROBLEM_REASONS)[number]
export const isReason = (value: string): value is Reason =>
  (PROBLEM_REASONS as readonly string[]).includes(value)

/* the separator the learner chose, as the form sends it; undefined leaves it to the parser's detection */
export function cardValue(separators: Separators) {
  return separators.card === 'custom'
    ? separators.cardCustom || undefined
    : (separators.card ?? undefined)
}
export function fieldValue(separators: Separators) {
  return separators.field === 'custom'
    ? separators.fieldCustom || undefined
    : (separators.field ?? undefined)
}
export const charOf = (value: string | undefined) =>
  value === 'newline'
    ? '\n'
    : value === 'semicolon'
      ? ';'
      : value === 'tab'
        ? '\t'
        : value === 'comma'
          ? ','
          : value

export function useReasonText() {
  const t = useT()
  return (reason: Reason) =>
    ({
      no_front: t('imports.problems.no_front'),
      no_back: t('imports.problems.no_back'),
      too_many_fields: t('imports.problems.too_many_fields'),
      unbalanced_quote: t('imports.problems.unbalanced_quote'),
    })[reason]
}

/** The two separator choices; an unchosen one shows what the preview detected. */
export function SeparatorChoices({
  value,
  detected,
  onChange,
}: {
  value: Separators
  detected?: ImportPreview['detected']
  onChange: (next: Separators) => void
}) {
  const t = useT()
  const detectedCard = detected?.cardSeparator
  const detectedField = detected?.fieldSeparator
  const shownCard: CardChoice | null =
    value.card ??
    (detectedCard
      ? detectedCard === 'newline' || detectedCard === 'semicolon'
        ? detectedCard
        : 'custom'
      : null)
  const shownField: FieldChoice | null =
    value.field ??
    (detectedField
      ? detectedField === 'tab' || detectedField === 'comma'
        ? detectedField
        : 'custom'
      : null)
  /* a detected custom separator is shown in the box until the learner types another */
  const cardCustom =
    value.card === 'custom' ? value.cardCustom : shownCard === 'custom' ? detectedCard! : ''
  const fieldCustom =
    value.field === 'custom' ? value.fieldCustom : shownField === 'custom' ? detectedField! : ''

  const cardOptions: [CardChoice, string][] = [
    ['newline', t('imports.separators.newline')],
    ['semicolon', t('imports.separators.semicolon')],
    ['custom', t('imports.separators.custom')],
  ]
  const fieldOptions: [FieldChoice, string][] = [
    ['tab', t('imports.separators.tab')],
    ['comma', t('imports.separators.comma')],
    ['custom', t('imports.separators.custom')],
  ]

  return (
    <div className="import-separators">
      <fieldset>
        <legend>{t('imports.separators.cards')}</legend>
        {cardOptions.map(([option, label]) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name="card-separator"
              value={option}
              checked={shownCard === option}
              onChange={() =>
                onChange({ ...value, card: option, cardCustom: value.cardCustom || cardCustom })
              }
            />
            <span>{label}</span>
          </label>
        ))}
        {shownCard === 'custom' && (
          <input
            aria-label={t('imports.separators.custom_cards')}
            name="card-separator-custom"
            maxLength={10}
            value={cardCustom}
            onChange={(event) =>
              onChange({ ...value, card: 'custom', cardCustom: event.target.value })
            }
          />
        )}
      </fieldset>
      <fieldset>
        <legend>{t('imports.separators.sides')}</legend>
        {fieldOptions.map(([option, label]) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name="field-separator"
              value={option}
              checked={shownField === option}
              onChange={() =>
                onChange({ ...value, field: option, fieldCustom: value.fieldCustom || fieldCustom })
              }
            />
            <span>{label}</span>
          </label>
        ))}
        {shownField === 'custom' && (
          <input
            aria-label={t('imports.separators.custom_sides')}
            name="field-separator-custom"
            maxLength={10}
            value={fieldCustom}
            onChange={(event) =>
              onChange({ ...value, field: 'custom', fieldCustom: event.target.value })
            }
          />
        )}
      </fieldset>
    </div>
  )
}

/** The first rows as the import will read them, and the lines it will skip. */
export function PreviewTable({ preview, partial }: { preview: ImportPreview; partial: boolean }) {
  const t = useT()
  const reasonText = useReasonText()
  return (
    <section className="import-preview" aria-label={t('imports.preview.title')}>
      <p className="muted">
        {t('imports.preview.count', { count: preview.total })}
        {preview.total > preview.rows.length &&
          ` ${t('imports.preview.first', { count: preview.rows.length })}`}
        {partial && ` ${t('imports.preview.partial')}`}
      </p>
      {preview.rows.length > 0 && (
        <div className="import-preview-scroll">
          <table className="import-preview-table">
            <thead>
              <tr>
                <th scope="col">{t('imports.preview.line')}</th>
                <th scope="col">{t('imports.preview.front')}</th>
                <th scope="col">{t('imports.preview.back')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.line}>
                  <td className="muted">{row.line}</td>
                  <td>{row.front}</td>
                  <td>{[row.back, ...row.extra].filter(Boolean).join('\n')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.problemCount > 0 && (
        <div className="import-preview-problems">
          <p>{t('imports.preview.problems', { count: preview.problemCount })}</p>
          <ul>
            {preview.problems.map((problem) => (
              <li key={`${problem.line}-${problem.reason}`}>
                {t('imports.problems.line', {
                  line: problem.line,
                  reason: reasonText(problem.reason),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
