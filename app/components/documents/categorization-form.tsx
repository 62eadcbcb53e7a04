import { useState } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { Form, useNavigation } from 'react-router'
import { StatusMessage } from '#app/components/status-message.tsx'

interface CategorizationFormProps {
  batchId: string
  colors: { hex: string; count: number; samples: string[]; preferredCategoryId: number | null }[]
  categories: { id: number; name: string }[]
  submitted: boolean
  error: string | null
}

/** One select per unique colour of the batch (sorted by hue), one submit for the whole batch. */
export function CategorizationForm({ batchId, colors, categories, submitted, error }: CategorizationFormProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [problem, setProblem] = useState<string | null>(null)
  const sending = navigation.state === 'submitting'
  const message = submitted ? { text: t('categorize.thanks'), success: true } : (problem ?? error) ? { text: (problem ?? error) as string, success: false } : null

  return (
    <section className="card" aria-labelledby="categorize-title">
      <h2 id="categorize-title">{t('categorize.title')}</h2>
      <p>{colors.length > 0 ? t('categorize.intro') : t('categorize.noColors')}</p>
      <Form
        method="post"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget)
          if (colors.some((c) => !form.get(`color_${c.hex.slice(1)}`))) {
            event.preventDefault()
            setProblem(t('categorize.error.incomplete'))
          } else setProblem(null)
        }}
      >
        <input type="hidden" name="intent" value="categorize" />
        <input type="hidden" name="batch_id" value={batchId} />
        <ul className="color-list">
          {colors.map((color) => {
            const id = `color_${color.hex.slice(1)}`
            return (
              <li key={color.hex} className="color-row">
                <span className="swatch" style={{ backgroundColor: color.hex }} aria-hidden="true" />
                <div className="color-body">
                  <label htmlFor={id}>
                    {t('categorize.colorLabel', { hex: color.hex })}{' '}
                    <span className="hint">({t('categorize.highlightCount', { count: color.count })})</span>
                  </label>
                  <select id={id} name={id} defaultValue={color.preferredCategoryId ?? ''} disabled={submitted}>
                    <option value="">{t('categorize.chooseCategory')}</option>
                    {categories.map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.name}
                      </option>
                    ))}
                  </select>
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
        <StatusMessage message={message} />
        {submitted ? null : (
          <button type="submit" className="button" disabled={sending}>
            {t('categorize.submit')}
          </button>
        )}
      </Form>
    </section>
  )
}
