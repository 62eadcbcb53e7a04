import type { Db } from '#db/client.ts'
import { uploadChoices } from './extractor.server.ts'
import { listDocuments } from './queries.server.ts'
import { awaitingCategorization, unfinishedBatches } from './unfinished.server.ts'

/** How many of the newest documents the dashboard lists; the past list has the rest. */
export const LATEST_DOCUMENTS = 5

/** What the dashboard shows: batches waiting for the researcher, the newest documents, and the quick upload's choices. */
export async function loadDashboard(db: Db, userId: string) {
  const [unfinished, latest, choices] = await Promise.all([
    unfinishedBatches(db, userId),
    listDocuments(db, userId, { page: 1, perPage: LATEST_DOCUMENTS, sortBy: 'uploaded_at', sortOrder: 'desc' }),
    uploadChoices(db, userId),
  ])
  const resume = await awaitingCategorization(db, userId, latest.documents)
  return { unfinished, latest: latest.documents, totalDocuments: latest.totalDocuments, resume, ...choices }
}
