import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { Form, useNavigation } from 'react-router'
import { useColorLabel, useColorName } from '#app/components/documents/color-label.tsx'
import { StatusMessage } from '#app/components/status-message.tsx'
import { categoryLabel } from '#app/lib/category-label.ts'

interface CategorizationFormProps {
  batchId: string
  colors: { hex: string; count: number; samples: string[]; preferredCategoryId: number | null }[]
  categories: { id: number; name: string }[]
  submitted: boolean
  error: string | null
  /** A refused submit's choices (without JavaScript the page is new: they come back from the server). */
  choices?: Record<string, number> | null
  /** The colours a refused submit left without a category. */
  missing?: string[] | null
  /** Whether the heading takes focus when the section appears (not where it is part of the page from the start). */
  focusOnMount?: boolean
}

export const CATEGORIZE_ANCHOR = 'categorize-title'

/**
 * One select per unique colour of the batch (sorted by hue), one submit for the whole batch. The
 * form posts to its own section (#categorize-title), so a refused submit without JavaScript lands
 * back at the form, with every choice kept and the missing colours marked and named.
 */
export function CategorizationForm({ batchId, colors, categories, submitted, error, choices, missing, focusOnMount = true }: CategorizationFormProps) {
  const { t } = useTranslation()
  const colorLabel = useColorLabel()
  const colorName = useColorName()
  const navigation = useNavigation()
  const [clientMissing, setClientMissing] = useState<string[] | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const errorRef = useRef<HTMLDivElement>(null)
  const sending = navigation.state === 'submitting'
  const missingNow = clientMissing ?? missing ?? []
  const problem = clientMissing ? t('categorize.error.incomplete') : error
  const missingText = missingNow.length > 0 ? t('journey.categorize.missing', { colors: missingNow.map(colorLabel).join(', ') }) : null

  // With JavaScript the section appears while the page stays put: focus moves to its heading.
  useEffect(() => {
    if (focusOnMount && !submitted && !error) headingRef.current?.focus({ preventScroll: false })
  }, [focusOnMount, submitted, error])
  useEffect(() => {
    if (error) errorRef.current?.focus()
  }, [error])

  return (
    <section className="card" aria-labelledby={CATEGORIZE_ANCHOR}>
      <h2 id={CATEGORIZE_ANCHOR} ref={headingRef} tabIndex={-1}>
        {t('categorize.title')}
      </h2>
      <p>{colors.length > 0 ? t('categorize.intro') : t('categorize.noColors')}</p>
      <Form
        method="post"
        action={`/extractor?batch=${encodeURIComponent(batchId)}#${CATEGORIZE_ANCHOR}`}
        preventScrollReset
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget)
          const left = colors.filter((c) => !form.get(`color_${c.hex.slice(1)}`)).map((c) => c.hex)
          if (left.length > 0) {
            event.preventDefault()
            setClientMissing(left)
            const first = event.currentTarget.querySelector<HTMLSelectElement>(`#color_${left[0].slice(1)}`)
            first?.focus()
          } else setClientMissing(null)
        }}
      >
        <input type="hidden" name="intent" value="categorize" />
        <input type="hidden" name="batch_id" value={batchId} />
        <ul className="color-list">
          {colors.map((color) => {
            const id = `color_${color.hex.slice(1)}`
            const isMissing = missingNow.includes(color.hex)
            const chosen = choices?.[color.hex] ?? color.preferredCategoryId ?? ''
            return (
              <li key={color.hex} className={`color-row${isMissing ? ' color-row-missing' : ''}`}>
                <span className="swatch" style={{ backgroundColor: color.hex }} aria-hidden="true" />
                <div className="color-body">
                  <label htmlFor={id}>
                    {t('categorize.colorLabel', { hex: color.hex })} <span className="color-name">· {colorName(color.hex)}</span>{' '}
                    <span className="hint">({t('categorize.highlightCount', { count: color.count })})</span>
                  </label>
                  <select
                    id={id}
                    name={id}
                    key={`${id}-${String(chosen)}`}
                    defaultValue={chosen}
                    disabled={submitted}
                    aria-invalid={isMissing || undefined}
                    aria-describedby={isMissing ? `${id}-missing` : undefined}
                    onChange={(e) => {
                      if (e.target.value && clientMissing) setClientMissing(clientMissing.filter((hex) => hex !== color.hex))
                    }}
                  >
                    <option value="">{t('categorize.chooseCategory')}</option>
                    {categories.map((category) => (
                      <option key={category.id} value={category.id}>
                        {categoryLabel(category.name, t)}
                      </option>
                    ))}
                  </select>
                  {isMissing ? (
                    <p id={`${id}-missing`} className="field-error">
                      {t('journey.categorize.missingOne')}
                    </p>
                  ) : null}
                  {color.samples.length > 0 ? (
                    <ul className="samples">
                      {color.samples.map((sample, i) => (
                        <li key={i} style={{ borderColor: color.hex }}>
                          “{sample}”
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
        {submitted && !error ? <StatusMessage message={{ text: t('categorize.thanks'), success: true }} /> : null}
        {problem ? (
          <div ref={errorRef} tabIndex={-1} className="message message-error" role="alert" id="categorize-error">
            <p>{problem}</p>
            {missingText ? <p>{missingText}</p> : null}
          </div>
        ) : null}
        {submitted ? null : (
          <button type="submit" className="button" disabled={sending}>
            {t('categorize.submit')}
          </button>
        )}
      </Form>
    </section>
  )
}
