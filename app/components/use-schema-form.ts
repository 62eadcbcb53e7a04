import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>()

/**
 * The HTML constraints (required, lengths, patterns) of a schema, worked out once per schema:
 * working them out compiles every pattern again, which cost about 2 % of a page's server time.
 */
export function zodConstraint(schema: z.ZodType): ReturnType<typeof getZodConstraint> {
  let constraint = constraints.get(schema)
  if (!constraint) {
    constraint = getZodConstraint(schema)
    constraints.set(schema, constraint)
  }
  return constraint
}

/**
 * A conform form checked with one of the features' zod schemas: in the browser on blur (then on
 * input), and by the server, whose result (`lastResult`) brings back errors and entered values.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: { id?: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: Partial<z.input<Schema>> },
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: zodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}
