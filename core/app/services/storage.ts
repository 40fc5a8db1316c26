/*
 * File storage for uploads (logos today). Callers use `storage()` and the StorageDriver
 * interface only, so an S3-compatible driver can be added later beside the local one
 * (choose it by STORAGE_DRIVER) without touching them.
 *
 * The local driver keeps files under DATA_DIR/uploads (DATA_DIR defaults to <repo>/data,
 * as in bin/runtime_defaults.ts). Several web nodes need a shared disk or the S3 driver.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'

export interface StorageDriver {
  /** Writes (or replaces) a file; readers never see a half-written file. */
  put(key: string, contents: Buffer): Promise<void>
  /** A stream of the file, or null when there is none. */
  stream(key: string): Promise<{ stream: Readable; size: number } | null>
  exists(key: string): Promise<boolean>
  /** Removes a file; removing a missing file is not an error. */
  delete(key: string): Promise<void>
}

/** Keys are relative paths of lowercase letters, digits, `-`, `_`, `.` and `/`, never `..`. */
const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i

export function assertValidKey(key: string) {
  if (!KEY.test(key) || key.split('/').includes('..')) throw new Error(`Invalid storage key "${key}"`)
}

export class LocalDiskStorage implements StorageDriver {
  constructor(readonly root: string) {}

  private path(key: string) {
    assertValidKey(key)
    const full = resolve(this.root, key)
    if (!full.startsWith(this.root + sep)) throw new Error(`Invalid storage key "${key}"`)
    return full
  }

  async put(key: string, contents: Buffer) {
    const target = this.path(key)
    await mkdir(dirname(target), { recursive: true })
    // Write beside the target, then rename: atomic on one filesystem.
    const temporary = `${target}.${randomUUID()}.tmp`
    try {
      await writeFile(temporary, contents, { mode: 0o640 })
      await rename(temporary, target)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }

  async stream(key: string) {
    const target = this.path(key)
    try {
      const info = await stat(target)
      if (!info.isFile()) return null
      return { stream: createReadStream(target), size: info.size }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async exists(key: string) {
    try {
      return (await stat(this.path(key))).isFile()
    } catch {
      return false
    }
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true })
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '../../..')

/** DATA_DIR/uploads; read on each call so the directory follows the environment. */
export function uploadsRoot() {
  return join(resolve(process.env.DATA_DIR ?? join(REPO_ROOT, 'data')), 'uploads')
}

/** The configured driver (STORAGE_DRIVER; only `local` exists today). */
export function storage(): StorageDriver {
  const driver = process.env.STORAGE_DRIVER ?? 'local'
  if (driver !== 'local') throw new Error(`Unknown STORAGE_DRIVER "${driver}" (available: local)`)
  return new LocalDiskStorage(uploadsRoot())
}
