/* How a media form is saved: multipart when a file goes along, JSON otherwise; server field errors back onto the inputs. */
import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { MEDIA_API, toMediaFormData, toMediaPayload, type MediaFormValues } from './model'

/** The server's field errors (422 `error.fields`) keyed by the form's inputs (`file` is the `upload` input). */
export function formErrorsOf(error: unknown): Record<string, string> | undefined {
  const errors = (error as { body?: { errors?: Record<string, unknown> } })?.body?.errors
  if (!errors) return undefined
  const mapped: Record<string, string> = {}
  for (const [field, message] of Object.entries(errors)) {
    if (field === 'root' || typeof message !== 'string') continue
    mapped[field === 'file' ? 'upload' : field] = message
  }
  return Object.keys(mapped).length ? mapped : undefined
}

export async function createMedia(
  dataProvider: AffixDataProvider,
  values: MediaFormValues,
  options: { campaigns: boolean }
) {
  const payload = toMediaPayload(values, options)
  const { data } = await dataProvider.request<{ id: number }>(MEDIA_API, {
    method: 'POST',
    body: toMediaFormData(payload, values.upload),
  })
  return data
}

/** PUT JSON; with a new file, the same PUT as multipart so the type and its file change together. */
export async function updateMedia(
  dataProvider: AffixDataProvider,
  id: number | string,
  values: MediaFormValues,
  options: { campaigns: boolean }
) {
  const payload = toMediaPayload(values, options)
  const path = `${MEDIA_API}/${encodeURIComponent(String(id))}`
  const body = values.upload ? toMediaFormData(payload, values.upload) : payload
  const { data } = await dataProvider.request<{ id: number }>(path, { method: 'PUT', body })
  return data
}

/** POST /media/:id/file: replaces the stored file only. */
export async function replaceMediaFile(dataProvider: AffixDataProvider, id: number | string, file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  const { data } = await dataProvider.request(`${MEDIA_API}/${encodeURIComponent(String(id))}/file`, {
    method: 'POST',
    body: form,
  })
  return data
}
