import { getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ChangePasswordSchema, LoginSchema, ProfileSchema, RegisterSchema, RequestResetSchema } from '#app/features/accounts/schema.ts'
import { SubscribeSchema } from '#app/features/subscribers/schema.ts'
import { stringControl } from './field.tsx'

type Schema = z.ZodObject<Record<string, z.ZodType>>

const SCHEMAS: [string, Schema][] = [
  ['subscribe', SubscribeSchema as unknown as Schema],
  ['login', LoginSchema as unknown as Schema],
  ['register', RegisterSchema as unknown as Schema],
  ['request-reset', RequestResetSchema as unknown as Schema],
  ['profile', ProfileSchema as unknown as Schema],
  ['change-password', ChangePasswordSchema as unknown as Schema],
]

interface Compared {
  name: string
  ours: unknown
  conform: unknown
}

/** Renders a form of the schema and compares, field by field, our props with getInputProps'. */
function compareFields(schema: Schema, lastResult: SubmissionResult<string[]> | undefined, describedBy?: string): Compared[] {
  const compared: Compared[] = []
  function Form() {
    const [, fields] = useForm({ id: 'f', lastResult, constraint: getZodConstraint(schema) })
    for (const name of Object.keys(schema.shape)) {
      const field = (fields as Record<string, FieldMetadata<unknown>>)[name]
      const type = schema.shape[name] instanceof z.ZodBoolean ? 'checkbox' : name.includes('password') ? 'password' : 'text'
      const control = stringControl(field, { type, ariaDescribedBy: describedBy })
      const { key: _key, ...conform } = getInputProps(field, { type, ariaDescribedBy: describedBy } as Parameters<typeof getInputProps>[1])
      compared.push({ name, ours: { ...control.props, errors: control.errors }, conform: { ...conform, errors: field.errors?.length ? { errors: field.errors, errorId: field.errorId } : null } })
    }
    return null
  }
  renderToStaticMarkup(<Form />)
  return compared
}

function submitted(schema: Schema, entries: Record<string, string>): SubmissionResult<string[]> {
  const formData = new FormData()
  for (const [name, value] of Object.entries(entries)) formData.append(name, value)
  return parseWithZod(formData, { schema }).reply() as SubmissionResult<string[]>
}

describe('stringControl', () => {
  it("gives every string and checkbox field of the forms what getInputProps gives, with the field's errors", () => {
    let fields = 0
    for (const [, schema] of SCHEMAS) {
      const cases = [
        compareFields(schema, undefined),
        compareFields(schema, undefined, 'help'),
        // Nothing entered: every required field has an error.
        compareFields(schema, submitted(schema, {}), 'help'),
        // Some values entered and sent back, a checkbox ticked.
        compareFields(schema, submitted(schema, Object.fromEntries(Object.keys(schema.shape).map((name) => [name, schema.shape[name] instanceof z.ZodBoolean ? 'on' : 'x'])))),
      ]
      for (const compared of cases) {
        for (const { name, ours, conform } of compared) {
          expect(ours, name).toEqual(conform)
          fields += 1
        }
      }
    }
    expect(fields).toBeGreaterThan(60)
  })
})
