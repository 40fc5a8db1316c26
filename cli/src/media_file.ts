/* Reads a local file for a media upload, failing early (exit 2) on what the server would refuse anyway. */
import { readFile, stat } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { formatBytes } from './progress.js'

/** The largest file the server takes (images and other files; HTML ads take at most 1 MB). */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024

export async function readMediaFile(path: string, fail: (message: string) => never): Promise<File> {
  const full = resolve(path)
  const info = await stat(full).catch(() => undefined)
  if (!info) fail(`File not found: ${full}`)
  if (!info.isFile()) fail(`Not a file: ${full}`)
  if (info.size === 0) fail(`The file is empty: ${full}`)
  if (info.size > MEDIA_MAX_BYTES)
    fail(`The file is too large (${formatBytes(info.size)}); the limit is ${formatBytes(MEDIA_MAX_BYTES)}.`)
  return new File([await readFile(full)], basename(full))
}
