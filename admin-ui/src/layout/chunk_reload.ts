/*
 * Spec §4: a page that fails to load reloads once (flagged per browser session) and then
 * shows the error. A failed lazy chunk is usually a deploy that replaced the hashed asset
 * files: a reload fetches the new index.html and its new chunks.
 */
export const CHUNK_RELOAD_FLAG = 'affix.chunkReloaded'

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i

export function isChunkLoadError(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: string; message?: string }
  return name === 'ChunkLoadError' || CHUNK_ERROR.test(message ?? '')
}

/** Reloads the page unless this session already did for a failed chunk; true when reloading. */
export function reloadOnceForChunkError(reload: () => void = () => window.location.reload()): boolean {
  try {
    if (sessionStorage.getItem(CHUNK_RELOAD_FLAG)) return false
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()))
  } catch {
    // No session storage (privacy mode): never loop, show the error.
    return false
  }
  reload()
  return true
}

/** Vite fires vite:preloadError when a chunk's preload fails; preventing it stops the throw. */
export function installChunkReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault()
  })
}
