import { useEffect, useRef } from 'react'
import { useT } from '~/lib/i18n'
import { compareTyped, type Segment } from '~/lib/type_compare'

/**
 * The type-in field under the front. Enter shows the answer, Esc closes the
 * field (T opens it again); the page's other shortcuts wait while it has the focus.
 */
export function TypeInField({
  value,
  onChange,
  onSubmit,
  onClose,
  focusKey,
}: {
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
  onClose: () => void
  /** changes when the field should take the focus (a new card, T pressed) */
  focusKey: string
}) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    input.current?.focus()
  }, [focusKey])

  return (
    <label className="learn-type-in">
      <span className="visually-hidden">{t('learn.type_in.label')}</span>
      <input
        ref={input}
        name="type-in"
        value={value}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t('learn.type_in.placeholder')}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            onSubmit()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            onClose()
          }
        }}
      />
    </label>
  )
}

function Runs({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((segment, index) => (
        <span key={index} className={`type-${segment.mark}`} data-mark={segment.mark}>
          {segment.text}
        </span>
      ))}
    </>
  )
}

/** What was typed against the answer: good characters green, wrong ones red, missing ones shown grey. */
export function TypeComparison({ typed, expected }: { typed: string; expected: string }) {
  const t = useT()
  const result = compareTyped(typed, expected)
  const nothingTyped = result.typed.length === 0
  return (
    <section className="learn-type-result" aria-label={t('learn.type_in.comparison')}>
      {result.correct ? (
        <p className="learn-type-verdict good">{t('learn.type_in.correct')}</p>
      ) : nothingTyped ? (
        <p className="learn-type-verdict muted">{t('learn.type_in.nothing')}</p>
      ) : (
        <p className="learn-type-verdict bad">{t('learn.type_in.wrong')}</p>
      )}
      <dl>
        {!nothingTyped && (
          <div>
            <dt>{t('learn.type_in.yours')}</dt>
            <dd className="learn-type-line" data-line="typed">
              <Runs segments={result.typed} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('learn.type_in.expected')}</dt>
          <dd className="learn-type-line" data-line="expected">
            {nothingTyped ? expected : <Runs segments={result.expected} />}
          </dd>
        </div>
      </dl>
    </section>
  )
}
