/*
 * Ace entry point. Registers the TypeScript loader (@poppinss/ts-exec, as AdonisJS 7
 * does) and then hands over to bin/console.ts.
 */
import '@poppinss/ts-exec'
await import('./bin/console.js')
