/*
 * HTTP server entry point. `bin/start.ts` (what `npm start` runs) prepares the
 * embedded database first and then imports this file.
 */
import 'reflect-metadata'
import { createServer } from 'node:http'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { withRootRoutes } from '../app/kernel/root_routes.js'

const APP_ROOT = new URL('../', import.meta.url)
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listen('SIGINT', () => app.terminate())
  })
  .httpServer()
  // Plugins' root routes (the click redirect) answer before AdonisJS: kernel/root_routes.ts.
  .start((handle) => createServer(withRootRoutes(handle)))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
