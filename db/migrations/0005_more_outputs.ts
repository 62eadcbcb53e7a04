import { type Kysely } from 'kysely'

// Issue 15: four more generated files per document (notes.md, references.bib, references.ris,
// annotations.csv), each a storage key or the spec's no_notes / no_references, like txt_key.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('md_key', 'text')
    .addColumn('bib_key', 'text')
    .addColumn('ris_key', 'text')
    .addColumn('csv_key', 'text')
    .addColumn('output_language', 'text')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .dropColumn('md_key')
    .dropColumn('bib_key')
    .dropColumn('ris_key')
    .dropColumn('csv_key')
    .dropColumn('output_language')
    .execute()
}
