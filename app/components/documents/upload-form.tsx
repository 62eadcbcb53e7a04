import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { Form, useNavigate, useNavigation } from 'react-router'
import { checkSelection, MAX_FILES_PER_BATCH, newBatchId, PDF_MIME } from '#app/features/documents/schema.ts'
import { reasonOfKey, refusedQuery, useRefusalSentence, type Refused } from '#app/components/documents/refused-files.tsx'
import { Icon } from '#app/components/icons.tsx'
import { StatusMessage } from '#app/components/status-message.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'

interface UploadFormProps {
  styles: { id: number; name: string }[]
  defaultStyleId: number | null
  maxMb: number
  error: string | null
}

interface Progress {
  name: string
  percent: number
  failed: boolean
}

/** One XHR per file, so each gets its own progress bar (fetch has no upload progress); a refusal comes back with the server's reason. */
function uploadOne(file: File, styleId: string, batchId: string, onProgress: (percent: number) => void): Promise<{ ok: boolean; key?: string; message?: string }> {
  return new Promise((resolve) => {
    const body = new FormData()
    body.append('pdf_file', file, file.name)
    body.append('reference_style_id', styleId)
    body.append('batch_id', batchId)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/extractor/upload')
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ ok: true })
      try {
        const answer = JSON.parse(xhr.responseText) as { message?: string; reason?: string }
        resolve({ ok: false, key: answer.reason, message: answer.message })
      } catch {
        // A body the HTTP layer cut off at its size limit is a 413 without our JSON.
        resolve({ ok: false, key: xhr.status === 413 ? 'upload.error.tooLarge' : undefined })
      }
    })
    xhr.addEventListener('error', () => resolve({ ok: false }))
    xhr.send(body)
  })
}

/**
 * The upload form. Without JavaScript it is one multipart post of the whole selection; with it,
 * files can be dropped, are checked as they are chosen, and go up one request each with a
 * progress bar. The server checks everything again.
 */
export function UploadForm({ styles, defaultStyleId, maxMb, error }: UploadFormProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const dropZoneRef = useRef<HTMLLabelElement>(null)
  const [files, setFiles] = useState<File[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState<Progress[] | null>(null)
  const [dragging, setDragging] = useState(false)
  // Each refused file with the server's sentence (or the same sentence, for a size checked here before sending).
  const [refusals, setRefusals] = useState<Map<string, string>>(new Map())
  const sentence = useRefusalSentence(maxMb)
  const maxBytes = maxMb * 1024 * 1024
  const busy = progress !== null || navigation.state === 'submitting'

  const addFiles = (incoming: FileList | File[]) => {
    // Only PDFs are kept; other files are dropped silently (000 §5).
    const pdfs = [...incoming].filter((f) => f.type === PDF_MIME)
    const names = new Set(files.map((f) => f.name))
    const duplicates = pdfs.filter((f) => names.has(f.name)).map((f) => f.name)
    if (duplicates.length > 0) {
      setProblem(t('upload.error.duplicates', { files: duplicates.join(', ') }))
      return
    }
    const next = [...files, ...pdfs]
    if (next.length > MAX_FILES_PER_BATCH) {
      setProblem(t('upload.error.tooMany'))
      return
    }
    setProblem(null)
    setRefusals(new Map())
    setFiles(next)
  }

  const onDrop = useEffectEvent((dropped: FileList) => addFiles(dropped))
  useEffect(() => {
    const zone = dropZoneRef.current
    if (!zone) return
    const over = (event: DragEvent) => {
      event.preventDefault()
      setDragging(true)
    }
    const leave = () => setDragging(false)
    const drop = (event: DragEvent) => {
      event.preventDefault()
      setDragging(false)
      if (event.dataTransfer) onDrop(event.dataTransfer.files)
    }
    zone.addEventListener('dragover', over)
    zone.addEventListener('dragleave', leave)
    zone.addEventListener('drop', drop)
    return () => {
      zone.removeEventListener('dragover', over)
      zone.removeEventListener('dragleave', leave)
      zone.removeEventListener('drop', drop)
    }
  }, [])

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    const styleId = String(new FormData(event.currentTarget).get('reference_style_id') ?? '')
    const selectionProblem = checkSelection(files, styleId)
    if (selectionProblem) {
      setProblem(t(selectionProblem.key, selectionProblem.values))
      return
    }
    setProblem(null)
    const batchId = newBatchId()
    // The size limit is checked here: a file over it is never sent.
    const refused: Refused[] = files.filter((f) => f.size > maxBytes).map((f) => ({ reason: 'tooLarge', file: f.name }))
    const sending = files.filter((f) => f.size <= maxBytes)
    const messages = new Map(refused.map((r) => [r.file, sentence(r)]))
    setProgress(sending.map((f) => ({ name: f.name, percent: 0, failed: false })))
    const results = await Promise.all(
      sending.map((file, index) =>
        uploadOne(file, styleId, batchId, (percent) =>
          setProgress((current) => current?.map((p, i) => (i === index ? { ...p, percent } : p)) ?? null),
        ),
      ),
    )
    sending.forEach((file, i) => {
      const result = results[i]
      if (result.ok) return
      const refusal: Refused = { reason: reasonOfKey(result.key), file: file.name }
      refused.push(refusal)
      messages.set(file.name, result.message ?? sentence(refusal))
    })
    if (refused.length === files.length) {
      // Nothing went through: the page stays, each file with its reason.
      setProgress(null)
      setRefusals(messages)
      setProblem(t('upload.error.failedFiles', { files: refused.map((r) => r.file).join(', ') }))
      return
    }
    navigate(`/extractor?batch=${encodeURIComponent(batchId)}${refusedQuery(refused)}`)
  }

  const message = problem ?? error
  // Always the upload page's action, so the dashboard's quick upload takes the same path without JavaScript.
  return (
    <Form method="post" action="/extractor" encType="multipart/form-data" className="card upload-form" onSubmit={onSubmit} aria-describedby="upload-message">
      <label ref={dropZoneRef} className={`drop-zone${dragging ? ' drop-zone-active' : ''}`}>
        <Icon name="upload" size={32} />
        <span className="drop-zone-title">{t('extractor.dropZone')}</span>
        <span className="visually-hidden">{t('extractor.chooseFiles')}</span>
        <input
          type="file"
          name="pdf_file"
          accept={PDF_MIME}
          multiple
          onChange={(e) => {
            if (!hydrated || !e.target.files) return
            addFiles(e.target.files)
            e.target.value = ''
          }}
        />
        <span className="hint">{t('extractor.filesHint', { max: maxMb })}</span>
      </label>

      {hydrated && files.length > 0 ? (
        <div>
          <h3>{t('extractor.selectedFiles')}</h3>
          <ul className="file-list">
            {files.map((file) => {
              const upload = progress?.find((p) => p.name === file.name)
              return (
                <li key={file.name}>
                  <span>{file.name}</span>
                  {refusals.get(file.name) || (!upload && file.size > maxBytes) ? (
                    <span className="field-error file-refusal">{refusals.get(file.name) ?? t('upload.error.tooLarge', { max: maxMb })}</span>
                  ) : null}
                  {upload ? (
                    <progress max={100} value={upload.percent} aria-label={t('extractor.progress', { file: file.name, percent: upload.percent })} />
                  ) : (
                    <button type="button" className="link-button" onClick={() => setFiles(files.filter((f) => f !== file))}>
                      {t('extractor.removeFile', { file: file.name })}
                    </button>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}

      <div className="field">
        <label htmlFor="reference_style_id">{t('extractor.referenceStyle')}</label>
        <select id="reference_style_id" name="reference_style_id" defaultValue={defaultStyleId ?? ''}>
          <option value="">{t('extractor.chooseStyle')}</option>
          {styles.map((style) => (
            <option key={style.id} value={style.id}>
              {style.name}
            </option>
          ))}
        </select>
      </div>

      <StatusMessage id="upload-message" message={message ? { text: message, success: false } : null} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('extractor.uploading') : t('extractor.upload')}
      </button>
    </Form>
  )
}
