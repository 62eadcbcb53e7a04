import type { FieldMetadata } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { PASSWORD_RULES, passwordStrength, STRENGTH_LABEL_KEYS, STRENGTH_MAX } from '#app/lib/password.ts'
import { TextField } from './field.tsx'
import { Icon } from './icons.tsx'
import { useHydrated } from './use-hydrated.ts'

/**
 * A new password with the spec's rules listed under it (always, so they show without JavaScript)
 * and, with JavaScript, a live strength meter and a tick beside each rule already met.
 */
export function NewPasswordField({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [value, setValue] = useState('')
  const rulesId = `${field.id}-rules`
  const score = passwordStrength(value)
  return (
    <div className="password-field" onInput={(event) => setValue((event.target as HTMLInputElement).value)}>
      <TextField field={field} label={label} type="password" autoComplete="new-password" describedBy={rulesId}>
        {hydrated ? (
          <div className="strength">
            <label htmlFor={`${field.id}-strength`}>{t('accounts.strength.label')}</label>
            <meter id={`${field.id}-strength`} min={0} max={STRENGTH_MAX} low={3} high={5} optimum={STRENGTH_MAX} value={score} />
            <span className="strength-text" aria-live="polite">
              {t(STRENGTH_LABEL_KEYS[score])}
            </span>
          </div>
        ) : null}
        <div id={rulesId} className="password-rules">
          <p>{t('accounts.password.rulesIntro')}</p>
          <ul>
            {PASSWORD_RULES.map((rule) => {
              const met = hydrated && rule.test(value)
              return (
                <li key={rule.id} className={met ? 'rule-met' : undefined}>
                  <Icon name={met ? 'checkCircle' : 'circle'} size={16} />
                  {t(`accounts.password.ruleText.${rule.id}`)}
                  {met ? <span className="visually-hidden"> {t('accounts.password.ruleMet')}</span> : null}
                </li>
              )
            })}
          </ul>
        </div>
      </TextField>
    </div>
  )
}
