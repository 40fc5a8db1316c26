import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { useEffect, useState } from 'react'
import { useDataProvider, type RaRecord } from 'react-admin'
import { MEDIA_API } from './model'

/** Object URLs of fetched files, by media id and version, so a list page re-renders without refetching. */
const cache = new Map<string, Promise<Blob>>()
const CACHE_MAX = 200

export const mediaFilePath = (id: RaRecord['id']) => `${MEDIA_API}/${encodeURIComponent(String(id))}/file`

/**
 * The media's stored file as a Blob. The file endpoint needs the bearer token, so an
 * <img src> cannot load it directly: it is fetched and shown through an object URL.
 */
export function useMediaFileBlob(
  record: RaRecord | undefined,
  enabled = true
): { blob: Blob | null; url: string | null; failed: boolean } {
  const dataProvider = useDataProvider<AffixDataProvider>()
  const [state, setState] = useState<{ blob: Blob | null; url: string | null; failed: boolean }>({
    blob: null,
    url: null,
    failed: false,
  })
  const key = record?.file ? `${record.id}:${record.updatedAt ?? ''}:${record.file.name ?? ''}` : null

  useEffect(() => {
    if (!enabled || !key || !record) {
      setState({ blob: null, url: null, failed: false })
      return
    }
    let cancelled = false
    let url: string | null = null
    let pending = cache.get(key)
    if (!pending) {
      // A missing file must not send the whole page to /404.
      pending = dataProvider.downloadFile(mediaFilePath(record.id), { notFoundPage: false }).then(({ blob }) => blob)
      pending.catch(() => cache.delete(key!))
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!)
      cache.set(key, pending)
    }
    pending.then(
      (blob) => {
        if (cancelled) return
        url = URL.createObjectURL(blob)
        setState({ blob, url, failed: false })
      },
      () => !cancelled && setState({ blob: null, url: null, failed: true })
    )
    return () => {
      cancelled = true
      if (url) URL.revokeObjectURL(url)
    }
  }, [key, enabled])

  return state
}

/** A Blob as a data: URL (a sandboxed preview frame cannot read this page's object URLs). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(blob)
  })
}
