import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

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
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}
