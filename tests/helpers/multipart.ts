/** A multipart/form-data body as a browser sends it, for posting real files in tests. */
export function multipartRequest(
  url: string,
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; bytes: Uint8Array }[],
  headers: Record<string, string> = {},
): Request {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  return new Request(url, { method: 'POST', body: form, headers })
}
