import type { Db } from '#db/client.ts'

/**
 * Remembers the language the user categorizes in, on the documents about to be generated, so that
 * the labels inside their files (notes.md, annotations.csv...) are in that language. Called just
 * before the categorization is submitted; documents already past it keep theirs.
 */
export async function setOutputLanguage(db: Db, userId: string, scope: { batchId: string } | { documentId: string }, language: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({ output_language: language })
    .where('user_id', '=', userId)
    .where('upload_status', 'in', ['raw_annotations_inserted'])
    .$if('batchId' in scope, (q) => q.where('batch_id', '=', (scope as { batchId: string }).batchId))
    .$if('documentId' in scope, (q) => q.where('id', '=', (scope as { documentId: string }).documentId))
    .execute()
}
