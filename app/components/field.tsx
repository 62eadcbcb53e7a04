import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from '#app/lib/use-translation.ts'

/** Field errors are i18n keys (the schemas' messages); several are joined into one message, as the spec wants. */
export function FieldErrors({ field }: { field: FieldMetadata<unknown> }) {
  const { t } = useTranslation()
  if (!field.errors?.length) return null
  return (
    <p id={field.errorId} className="field-error">
      {/* One failure per line (the password rules would otherwise run together); the text stays the sentences joined by spaces. */}
      {field.errors.map((key, i) => (
        <span key={key} style={{ display: 'block' }}>
          {i > 0 ? ' ' : null}
          {t(key)}
        </span>
      ))}
    </p>
  )
}

interface TextFieldProps {
  field: FieldMetadata<unknown>
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete?: string
  readOnly?: boolean
  required?: boolean
  /** Id of extra help (e.g. the password rules) the input is described by. */
  describedBy?: string
  children?: React.ReactNode
}

export function TextField({ field, label, type = 'text', autoComplete, readOnly, required, describedBy, children }: TextFieldProps) {
  const props = getInputProps(field, { type, ariaDescribedBy: describedBy })
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        readOnly={readOnly}
        required={required}
        // The browser never refills a password after a failed submission: the server does not send it back.
        defaultValue={type === 'password' ? undefined : props.defaultValue}
      />
      {children}
      <FieldErrors field={field} />
    </div>
  )
}

export interface Option {
  value: string
  label: string
}

interface SelectFieldProps {
  field: FieldMetadata<unknown>
  label: string
  options: readonly Option[]
  placeholder?: string
  required?: boolean
}

export function SelectField({ field, label, options, placeholder, required }: SelectFieldProps) {
  const props = getSelectProps(field)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...props} key={props.key} required={required}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors field={field} />
    </div>
  )
}

export function CheckboxField({ field, label, required }: { field: FieldMetadata<unknown>; label: string; required?: boolean }) {
  const props = getInputProps(field, { type: 'checkbox' })
  return (
    <div className="field field-checkbox">
      <input {...props} key={props.key} required={required} />
      <label htmlFor={field.id}>{label}</label>
      <FieldErrors field={field} />
    </div>
  )
}
