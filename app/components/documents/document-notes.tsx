import { useState } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { Form, Link } from 'react-router'
import { useColorLabel } from '#app/components/documents/color-label.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import type { NoteFilters, NoteView } from '#app/features/documents/notes.server.ts'
import { categoryLabel } from '#app/lib/category-label.ts'

interface DocumentNotesProps {
  documentId: string
  citation: string | null
  notes: NoteView[]
  total: number
  categories: { id: number; name: string }[]
  colors: string[]
  filters: NoteFilters
  /** Every category, when the document's categories can be changed (completed, files not deleted). */
  editCategories: { id: number; name: string }[] | null
  /** A document waiting for its colours: its highlights grouped by colour, as the categorization asks. */
  groupByColor?: boolean
}

/** One <option> per category, in the reader's language. */
function CategoryOptions({ categories }: { categories: { id: number; name: string }[] }) {
  const { t } = useTranslation()
  return categories.map((c) => (
    <option key={c.id} value={String(c.id)}>
      {categoryLabel(c.name, t)}
    </option>
  ))
}

/** One highlight's (or one colour's) category, changed in place; the downloads are written again. */
function RecategorizeForm({ documentId, note, categories }: { documentId: string; note: NoteView; categories: { id: number; name: string }[] }) {
  const { t } = useTranslation()
  const id = `recategorize-${note.id}`
  return (
    <Form method="post" action={`/past-extractions/${documentId}#note-${note.id}`} className="recategorize-form">
      <input type="hidden" name="intent" value="recategorize" />
      <input type="hidden" name="annotation_id" value={note.id} />
      <label htmlFor={id} className="visually-hidden">
        {t('journey.notes.changeLabel', { page: note.pageLabel })}
      </label>
      <select id={id} name="category_id" defaultValue={note.categoryId ?? ''}>
        {note.categoryId === null ? <option value="">{t('journey.notes.uncategorized')}</option> : null}
        <CategoryOptions categories={categories} />
      </select>
      <button type="submit" className="button button-secondary button-small">
        {t('journey.notes.change')}
      </button>
    </Form>
  )
}

function RecategorizeColorForm({ documentId, colors, categories }: { documentId: string; colors: string[]; categories: { id: number; name: string }[] }) {
  const { t } = useTranslation()
  const colorLabel = useColorLabel()
  if (colors.length === 0) return null
  return (
    <Form method="post" action={`/past-extractions/${documentId}#notes-title`} className="notes-filters recategorize-color">
      <input type="hidden" name="intent" value="recategorize" />
      <div className="field">
        <label htmlFor="recategorize-color">{t('journey.notes.changeColor')}</label>
        <select id="recategorize-color" name="color">
          {colors.map((hex) => (
            <option key={hex} value={hex}>
              {colorLabel(hex)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="recategorize-color-category">{t('journey.notes.changeColorTo')}</label>
        <select id="recategorize-color-category" name="category_id">
          <CategoryOptions categories={categories} />
        </select>
      </div>
      <button type="submit" className="button button-secondary button-small">
        {t('journey.notes.change')}
      </button>
    </Form>
  )
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      aria-label={label}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true))
      }}
    >
      {copied ? t('journey.notes.copied') : t('journey.notes.copy')}
    </button>
  )
}

/** Highlights and comments in reading order, each with its category, text, comment, cited works and a copy button. */
function NoteList({ notes, documentId, citation, editCategories }: { notes: NoteView[]; documentId: string; citation: string | null; editCategories: { id: number; name: string }[] | null }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const colorLabel = useColorLabel()
  return (
    <ol className="notes-list">
      {notes.map((note) => {
        const passage = note.text ?? note.comment ?? ''
        const copyText = `“${passage}” (p. ${note.pageLabel})${citation ? ` ${citation}` : ''}`
        return (
          <li key={note.id} id={`note-${note.id}`} className="note" style={note.color ? { borderLeftColor: note.color } : undefined}>
            <p className="note-meta">
              {note.kind === 'highlight' ? (
                <>
                  {note.color ? <span className="swatch swatch-small" style={{ backgroundColor: note.color }} aria-hidden="true" /> : null}
                  <strong>{note.category ? categoryLabel(note.category, t) : t('journey.notes.uncategorized')}</strong>
                  {note.color ? <span className="hint"> · {colorLabel(note.color)}</span> : null}
                </>
              ) : (
                <strong>{t('journey.notes.comment')}</strong>
              )}
              <span className="hint"> · {t('journey.notes.page', { page: note.pageLabel })}</span>
            </p>
            {note.kind === 'highlight' && note.text ? <blockquote className="note-text">{note.text}</blockquote> : null}
            {note.comment ? (
              <p className="note-comment">
                {note.kind === 'highlight' ? <span className="visually-hidden">{t('journey.notes.comment')}: </span> : null}
                {note.comment}
              </p>
            ) : null}
            {note.citations.length > 0 ? (
              <p className="note-citations">
                {t('journey.notes.cites')}{' '}
                {note.citations.map((c, i) => (
                  <span key={i}>
                    {i > 0 ? ', ' : null}
                    {c.url ? (
                      <a href={c.url} target="_blank" rel="noopener noreferrer">
                        {c.text}
                      </a>
                    ) : (
                      c.text
                    )}
                  </span>
                ))}
              </p>
            ) : null}
            {editCategories && note.kind === 'highlight' ? <RecategorizeForm documentId={documentId} note={note} categories={editCategories} /> : null}
            {hydrated && passage ? <CopyButton text={copyText} label={t('journey.notes.copyLabel', { page: note.pageLabel })} /> : null}
          </li>
        )
      })}
    </ol>
  )
}

/** The notes by highlight colour, in order of first appearance; standalone comments last. */
function colorGroups(notes: NoteView[]): [string | null, NoteView[]][] {
  const groups = new Map<string | null, NoteView[]>()
  for (const note of notes) {
    const key = note.kind === 'highlight' ? note.color : null
    groups.set(key, [...(groups.get(key) ?? []), note])
  }
  return [...groups].sort(([a], [b]) => Number(a === null) - Number(b === null))
}

/**
 * The extraction itself, on the detail page: every highlight with its category (swatch and name),
 * page label, exact text, comment and the works it cites, and every standalone comment. The filters
 * are a GET form (the same without JavaScript); copying needs the browser's clipboard, so it is
 * offered once the page runs.
 */
export function DocumentNotes({ documentId, citation, notes, total, categories, colors, filters, editCategories, groupByColor = false }: DocumentNotesProps) {
  const { t } = useTranslation()
  const colorLabel = useColorLabel()
  const filtered = Boolean(filters.q || filters.category || filters.color)
  const itemProps = { documentId, citation, editCategories }
  return (
    <section aria-labelledby="notes-title" className="document-notes">
      <h2 id="notes-title">{t('journey.notes.title')}</h2>
      {total === 0 ? (
        <p>{t('journey.notes.none')}</p>
      ) : (
        <>
          <search aria-label={t('journey.notes.filter')}>
          <Form method="get" action={`/past-extractions/${documentId}#notes-title`} className="notes-filters">
            <div className="field">
              <label htmlFor="notes-q">{t('journey.notes.search')}</label>
              <input id="notes-q" name="q" type="search" defaultValue={filters.q} />
            </div>
            <div className="field">
              <label htmlFor="notes-category">{t('journey.notes.category')}</label>
              <select id="notes-category" name="category" defaultValue={filters.category}>
                <option value="">{t('journey.notes.allCategories')}</option>
                <CategoryOptions categories={categories} />
              </select>
            </div>
            <div className="field">
              <label htmlFor="notes-color">{t('journey.notes.color')}</label>
              <select id="notes-color" name="color" defaultValue={filters.color}>
                <option value="">{t('journey.notes.allColors')}</option>
                {colors.map((hex) => (
                  <option key={hex} value={hex}>
                    {colorLabel(hex)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button-small">
              {t('journey.notes.apply')}
            </button>
            {filtered ? <Link to={`/past-extractions/${documentId}#notes-title`}>{t('journey.notes.clear')}</Link> : null}
          </Form>
          </search>
          {editCategories ? <RecategorizeColorForm documentId={documentId} colors={colors} categories={editCategories} /> : null}
          <output className="hint notes-count">{t('journey.notes.count', { count: notes.length, total })}</output>
          {groupByColor ? (
            colorGroups(notes).map(([hex, group]) => (
              <section key={hex ?? 'comments'} className="notes-color-group" aria-labelledby={`notes-group-${hex?.slice(1) ?? 'comments'}`}>
                <h3 id={`notes-group-${hex?.slice(1) ?? 'comments'}`}>
                  {hex ? <span className="swatch swatch-small" style={{ backgroundColor: hex }} aria-hidden="true" /> : null}{' '}
                  {hex ? colorLabel(hex) : t('journey.notes.comments')} <span className="hint">({group.length})</span>
                </h3>
                <NoteList notes={group} {...itemProps} />
              </section>
            ))
          ) : (
            <NoteList notes={notes} {...itemProps} />
          )}
        </>
      )}
    </section>
  )
}
