/*
 * File storage for uploads (logos, media). Callers use `storage()` and the StorageDriver
 * interface only; STORAGE_DRIVER chooses the driver (docs/storage.md):
 * - `local` (default): files under DATA_DIR/uploads (DATA_DIR defaults to <repo>/data, as
 *   in bin/runtime_defaults.ts). Several web nodes need a shared disk or the S3 driver.
 * - `s3`: any S3-compatible object store (AWS S3, MinIO, R2…), configured by S3_* variables.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'

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

export interface S3StorageOptions {
  bucket: string
  region: string
  /** Custom endpoint of an S3-compatible server (MinIO, R2…); empty for AWS. */
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** http://endpoint/bucket/key instead of http://bucket.endpoint/key (MinIO, s3rver). */
  forcePathStyle?: boolean
}

const isNotFound = (error: unknown) => {
  const name = (error as { name?: string })?.name
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404
}

export class S3Storage implements StorageDriver {
  readonly client: S3Client
  readonly bucket: string

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      // Checksums only when the API requires them: many S3-compatible servers reject the
      // newer default (CRC32 trailers).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }
    if (options.endpoint) config.endpoint = options.endpoint
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
    }
    this.client = new S3Client(config)
  }

  /** A PUT replaces the object at once: readers see the old or the new file, never half. */
  async put(key: string, contents: Buffer) {
    assertValidKey(key)
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: contents, ContentLength: contents.length })
    )
  }

  async stream(key: string) {
    assertValidKey(key)
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      if (!object.Body) return null
      return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async exists(key: string) {
    assertValidKey(key)
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return true
    } catch (error) {
      if (isNotFound(error)) return false
      throw error
    }
  }

  async delete(key: string) {
    assertValidKey(key)
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }
}

/** The S3 settings from the environment; a missing required one is a clear startup error (the secret is never echoed). */
export function s3OptionsFromEnv(env: NodeJS.ProcessEnv = process.env): S3StorageOptions {
  const missing = ['S3_BUCKET', 'S3_REGION'].filter((name) => !env[name])
  if (missing.length) throw new Error(`STORAGE_DRIVER=s3 needs ${missing.join(' and ')}`)
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'STORAGE_DRIVER=s3 needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (default AWS credentials)'
    )
  }
  return {
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: ['1', 'true', 'yes'].includes((env.S3_FORCE_PATH_STYLE ?? '').toLowerCase()),
  }
}

let override: StorageDriver | null = null
let cachedS3: { signature: string; driver: S3Storage } | null = null

/** Replaces the configured driver in this process (tests); `null` restores the configured one. */
export function useStorage(driver: StorageDriver | null) {
  override = driver
}

/** The configured driver (STORAGE_DRIVER: local or s3), or the one set by useStorage. */
export function storage(): StorageDriver {
  if (override) return override
  const driver = process.env.STORAGE_DRIVER ?? 'local'
  if (driver === 'local') return new LocalDiskStorage(uploadsRoot())
  if (driver === 's3') {
    const options = s3OptionsFromEnv()
    // One client per configuration: it keeps its connection pool between requests.
    const signature = JSON.stringify(options)
    if (cachedS3?.signature !== signature) cachedS3 = { signature, driver: new S3Storage(options) }
    return cachedS3.driver
  }
  throw new Error(`Unknown STORAGE_DRIVER "${driver}" (available: local, s3)`)
}
