import { getSelectProps, type FieldMetadata } from '@conform-to/react'
import type { InputHTMLAttributes } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'

/** Field errors are i18n keys (the schemas' messages); several are joined into one message, as the spec wants. */
export function FieldErrors({ field }: { field: FieldMetadata<unknown> }) {
  const errors = field.errors
  return errors?.length ? <ErrorList errors={errors} errorId={field.errorId} /> : null
}

function ErrorList({ errors, errorId }: { errors: string[]; errorId: string }) {
  const { t } = useTranslation()
  return (
    <p id={errorId} className="field-error">
      {/* One failure per line (the password rules would otherwise run together); the text stays the sentences joined by spaces. */}
      {errors.map((key, i) => (
        <span key={key} style={{ display: 'block' }}>
          {i > 0 ? ' ' : null}
          {t(key)}
        </span>
      ))}
    </p>
  )
}

/**
 * What getInputProps gives a text input or a checkbox, with the field's errors, reading each of
 * the field's properties once. Every read of conform's metadata builds it anew (a Proxy and an
 * object); getInputProps, the label and the errors read about twenty, which was a tenth of the
 * home page's server time with its three fields. A string or checkbox field has no min, max,
 * step, multiple or accept constraint, so those are not read (app/components/field.test.tsx
 * checks the result against getInputProps).
 */
export function stringControl(field: FieldMetadata<unknown>, options: { type: 'text' | 'email' | 'password' | 'checkbox'; ariaDescribedBy?: string }) {
  const id = field.id
  const errors = field.errors
  const invalid = errors !== undefined
  const errorId = invalid ? field.errorId : undefined
  const initialValue = field.initialValue
  const props: Record<string, unknown> = {
    id,
    name: field.name,
    form: field.formId,
    required: field.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${errorId} ${options.ariaDescribedBy ?? ''}`.trim() : options.ariaDescribedBy,
    type: options.type,
  }
  if (options.type === 'checkbox') {
    props.value = 'on'
    props.defaultChecked = initialValue === 'on'
  } else {
    props.minLength = field.minLength
    props.maxLength = field.maxLength
    props.pattern = field.pattern
    if (typeof initialValue === 'string') props.defaultValue = initialValue
  }
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key]
  return { id, props: props as InputHTMLAttributes<HTMLInputElement>, errors: errors?.length ? { errors, errorId: errorId as string } : null }
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
  const control = stringControl(field, { type, ariaDescribedBy: describedBy })
  return (
    <div className="field">
      <label htmlFor={control.id}>{label}</label>
      <input
        {...control.props}
        autoComplete={autoComplete}
        readOnly={readOnly}
        required={required}
        // The browser never refills a password after a failed submission: the server does not send it back.
        defaultValue={type === 'password' ? undefined : control.props.defaultValue}
      />
      {children}
      {control.errors ? <ErrorList {...control.errors} /> : null}
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
  const control = stringControl(field, { type: 'checkbox' })
  return (
    <div className="field field-checkbox">
      <input {...control.props} required={required} />
      <label htmlFor={control.id}>{label}</label>
      {control.errors ? <ErrorList {...control.errors} /> : null}
    </div>
  )
}
