import { sql } from 'kysely'
import type { RouterContextProvider } from 'react-router'
import { recordAudit } from '#app/server/admin.server.ts'
import { getServices } from '#app/server/services.server.ts'
import { cachedFigures } from './cache.server.ts'
import { actorOf, csvResponse } from './http.server.ts'
import { analyticsCsv, getDetailedAnalytics } from './queries.server.ts'
import type { AnalyticsRange } from './schema.ts'

type Context = Readonly<RouterContextProvider>

/** The range's analytics, with the `analytics_viewed` audit entry (page and API alike). */
export async function viewAnalytics(context: Context, admin: { id: string }, range: AnalyticsRange, refresh = false) {
  const { db } = getServices(context)
  const [{ value: analytics }] = await Promise.all([
    cachedFigures(`analytics:${range}`, () => getDetailedAnalytics(db, range), { refresh }),
    // A view's entry does not wait for the disk flush (synchronous_commit off for this one
    // transaction): PostgreSQL writes it within a fraction of a second; only a crash in between loses it.
    db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit = off`.execute(trx)
      await recordAudit(trx, { ...auditBase(context, admin), action: 'analytics_viewed', details: { range } })
    }),
  ])
  return analytics
}

/** `analytics-{range}.csv`, with the `analytics_exported` audit entry. */
export async function exportAnalytics(context: Context, admin: { id: string }, range: AnalyticsRange): Promise<Response> {
  const { db } = getServices(context)
  const analytics = await getDetailedAnalytics(db, range)
  await recordAudit(db, { ...auditBase(context, admin), action: 'analytics_exported', details: { range, format: 'csv' } })
  return csvResponse(analyticsCsv(analytics), `analytics-${range}.csv`)
}

function auditBase(context: Context, admin: { id: string }) {
  const actor = actorOf(admin, context)
  return { adminUserId: actor.id, ipAddress: actor.ip, resourceType: 'analytics', resourceId: null }
}
