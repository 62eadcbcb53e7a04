import { z } from 'zod'

/** The confirmation step of deleting a document or a batch (a plain form, so it works without JavaScript). */
export const ConfirmDeleteSchema = z.object({
  confirm: z.literal('delete', { error: 'outputs.delete.confirmRequired' }),
})

/** Deleting one's account: the current password again. */
export const DeleteAccountSchema = z.object({
  password: z.string({ error: 'outputs.account.delete.passwordRequired' }).min(1, 'outputs.account.delete.passwordRequired'),
})
