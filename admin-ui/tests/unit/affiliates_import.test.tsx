/* The live progress of a background affiliate import, the import screen, and the /uploads progress helpers. */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { HttpError, testDataProvider } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { AffiliateImportScreen, checkCsvFile } from '../../../plugins/affiliates/admin/imports/AffiliateImportScreen'
import {
  ImportProgress,
  progressPercent,
  type ImportRecord,
} from '../../../plugins/affiliates/admin/imports/ImportProgress'
import { importPercent, isImportRunning } from '../../src/screens/uploads/UploadsScreen'
import { renderScreen } from './screens_helpers'

const base: ImportRecord = {
  id: 41,
  pluginId: 'affiliates',
  type: 'affiliates',
  status: 'queued',
  fileName: 'partners.csv',
  totalRows: 0,
  processedRows: 0,
  importedRows: 0,
  failedRows: 0,
  failedRowsUrl: null,
  error: null,
}

/** A provider whose GET /api/v1/imports/41 walks through the given snapshots, one per call (the last one repeats). */
function importProvider(snapshots: ImportRecord[], extra: Record<string, (options: any) => unknown> = {}) {
  let call = 0
  const request = vi.fn(async (path: string, options: { method?: string } = {}) => {
    const key = `${options.method ?? 'GET'} ${path}`
    if (extra[key]) return { data: extra[key](options), headers: new Headers(), status: 200 }
    if (key === 'GET /api/v1/imports/41')
      return { data: snapshots[Math.min(call++, snapshots.length - 1)], headers: new Headers(), status: 200 }
    throw new HttpError('Not found', 404, {})
  })
  const downloadFile = vi.fn(async () => ({ blob: new Blob(['email,error\n']), fileName: 'failed.csv' }))
  return { request, downloadFile, dataProvider: testDataProvider({ request, downloadFile } as never) }
}

describe('import progress', () => {
  it('polls until the import is done, then shows the counts and offers the failed rows', async () => {
    const { dataProvider, request, downloadFile } = importProvider([
      { ...base, status: 'processing', totalRows: 10, processedRows: 3, importedRows: 3 },
      { ...base, status: 'processing', totalRows: 10, processedRows: 7, importedRows: 6, failedRows: 1 },
      {
        ...base,
        status: 'imported_partially',
        totalRows: 10,
        processedRows: 10,
        importedRows: 9,
        failedRows: 1,
        failedRowsUrl: '/api/v1/imports/41/failed-rows',
      },
    ])
    const onDone = vi.fn()
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    renderScreen(<ImportProgress importId={41} initial={base} pollInterval={20} onDone={onDone} />, { dataProvider })

    await screen.findByText('3 of 10 rows processed')
    expect(screen.getByRole('button', { name: 'Cancel import' })).toBeTruthy()
    await screen.findByText('7 of 10 rows processed')
    await screen.findByText('9 of 10 rows imported, 1 failed.')
    expect(screen.getByTestId('import-imported').textContent).toBe('9 imported')
    expect(screen.getByTestId('import-failed').textContent).toBe('1 failed')
    expect(screen.getByTestId('import-progress').getAttribute('data-status')).toBe('imported_partially')
    expect(screen.queryByRole('button', { name: 'Cancel import' })).toBeNull()
    expect(onDone).toHaveBeenCalledTimes(1)

    // Done: no more polling.
    const calls = request.mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(request.mock.calls.length).toBe(calls)

    fireEvent.click(screen.getByRole('button', { name: 'Download failed rows' }))
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith('/api/v1/imports/41/failed-rows'))
  })

  it('cancels a running import', async () => {
    const running = { ...base, status: 'processing' as const, totalRows: 100, processedRows: 10 }
    const cancelled = { ...running, status: 'cancelled' as const, finishedAt: '2026-01-01T00:00:00Z' }
    const cancel = vi.fn(() => cancelled)
    let isCancelled = false
    const { dataProvider } = importProvider([running], {
      'POST /api/v1/imports/41/cancel': () => {
        isCancelled = true
        return cancel()
      },
    })
    // After the cancel, the server answers the cancelled record.
    const original = dataProvider.request
    dataProvider.request = (async (path: string, options: any) =>
      isCancelled && path === '/api/v1/imports/41'
        ? { data: cancelled, headers: new Headers(), status: 200 }
        : original(path, options)) as never
    renderScreen(<ImportProgress importId={41} pollInterval={20} />, { dataProvider })
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel import' }))
    await screen.findByText('Import cancelled: nothing was written.')
    expect(cancel).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Download failed rows' })).toBeNull()
  })

  it('computes the bar: unknown total → indeterminate, running → processed/total, finished → full', () => {
    expect(progressPercent({ status: 'queued', processedRows: 0, totalRows: 0 })).toBeNull()
    expect(progressPercent({ status: 'processing', processedRows: 25, totalRows: 200 })).toBe(13)
    expect(progressPercent({ status: 'failed', processedRows: 3, totalRows: 200 })).toBe(100)
    expect(importPercent({ status: 'processing', processedRows: 50, totalRows: 200 })).toBe(25)
    expect(importPercent({ status: 'queued', processedRows: 0, totalRows: 0 })).toBeNull()
    expect(isImportRunning({ status: 'queued' })).toBe(true)
    expect(isImportRunning({ status: 'imported_partially' })).toBe(false)
  })
})

describe('affiliate import screen', () => {
  it('refuses a non-CSV or empty file before uploading', () => {
    expect(checkCsvFile(null)).toBe('affiliates.validation.file_required')
    expect(checkCsvFile(new File(['x'], 'photo.png', { type: 'image/png' }))).toBe('affiliates.validation.invalid_file')
    expect(checkCsvFile(new File([''], 'empty.csv', { type: 'text/csv' }))).toBe('affiliates.validation.invalid_file')
    expect(checkCsvFile(new File(['email\n'], 'ok.csv', { type: 'text/csv' }))).toBeNull()
  })

  it('uploads to the update endpoint when "Update existing affiliates" is chosen, then follows the import', async () => {
    const upload = vi.fn(async () => ({ data: { ...base, type: 'affiliate-updates' } }))
    const { request } = importProvider([
      { ...base, type: 'affiliate-updates', status: 'completed', totalRows: 2, processedRows: 2, importedRows: 2 },
    ])
    renderScreen(<AffiliateImportScreen />, { dataProvider: testDataProvider({ request, upload } as never) })
    fireEvent.click(await screen.findByRole('button', { name: 'Upload and import' }))
    await screen.findByText('File is required')
    expect(upload).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('radio', { name: 'Update existing affiliates' }))
    fireEvent.change(screen.getByTestId('affiliate-import-file'), {
      target: { files: [new File(['email,name\na@b.example,A\n'], 'update.csv', { type: 'text/csv' })] },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Upload and import' }))
    await screen.findByText('All 2 rows imported.')
    expect(upload).toHaveBeenCalledWith(
      '/api/v1/affiliates/affiliates/import-update',
      expect.objectContaining({ file: expect.any(File) })
    )
  })

  it('shows the server’s message when the upload is refused', async () => {
    const upload = vi.fn(async () => {
      throw new HttpError('Please upload a valid file', 422, { errors: { file: 'Please upload a valid file' } })
    })
    renderScreen(<AffiliateImportScreen />, { dataProvider: testDataProvider({ upload } as never) })
    fireEvent.change(await screen.findByTestId('affiliate-import-file'), {
      target: { files: [new File(['x'], 'bad.csv', { type: 'text/csv' })] },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Upload and import' }))
    await screen.findByText('Please upload a valid file')
    expect(upload).toHaveBeenCalledWith('/api/v1/affiliates/affiliates/import', expect.anything())
  })
})

describe('/uploads with running imports', () => {
  it('shows processed of total rows, reloads while an import runs, and cancels it', async () => {
    const { UploadsScreen } = await import('../../src/screens/uploads/UploadsScreen')
    let cancelled = false
    const row = () => ({
      id: 41,
      type: 'affiliates',
      status: cancelled ? 'cancelled' : 'processing',
      fileName: 'partners.csv',
      totalRows: 10,
      processedRows: 3,
      importedRows: 3,
      failedRows: 0,
      createdAt: '2026-01-01T00:00:00Z',
    })
    const getList = vi.fn(async () => ({ data: [row()], total: 1 }))
    const request = vi.fn(async (path: string, options: { method?: string } = {}) => {
      if (options.method === 'POST' && path === '/api/v1/imports/41/cancel') {
        cancelled = true
        return { data: row(), headers: new Headers(), status: 200 }
      }
      throw new HttpError('Not found', 404, {})
    })
    renderScreen(<UploadsScreen />, {
      dataProvider: testDataProvider({ getList, request } as never),
      initialEntries: ['/uploads'],
    })
    await screen.findByText('3 / 10')
    // Reloaded while the import runs (every 2 s).
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 5000 })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('/api/v1/imports/41/cancel', expect.objectContaining({ method: 'POST' }))
    )
    await waitFor(() => expect(screen.queryByText('3 / 10')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    // Finished: no more reloads.
    const calls = getList.mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(getList.mock.calls.length).toBe(calls)
  }, 20_000)
})
