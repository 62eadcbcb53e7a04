import type { Db } from '#db/client.ts'
import type { Subscription } from './schema.ts'

/** Subscribing twice with one address updates the name and consent; it never reveals that the address was known. */
export async function subscribeToUpdates(db: Db, subscription: Subscription): Promise<void> {
  await db
    .insertInto('subscribers')
    .values({ email: subscription.email, first_name: subscription.firstName, marketing_consent: subscription.marketingConsent })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ first_name: subscription.firstName, marketing_consent: subscription.marketingConsent }),
    )
    .execute()
}
