/*
 * Test helpers a plugin's own tests may import (`@affix/core/testing`). Plugin tests live
 * in `plugins/<id>/tests/{unit,functional}` and run in core's Japa runner (adonisrc.ts).
 * A plugin test needing something of core that is not here asks for a helper here, never
 * imports core's internals (`#models/…`, `#tests/…`).
 */
import { fileURLToPath } from 'node:url'

export { createTenant, addUser, csv, followInvitation } from './fixtures.js'
export { startSmtpServer, type ReceivedMail } from './smtp.js'
export { installTestPlugin } from './plugins.js'
export { waitForImport } from './imports.js'
/** The installed plugins as configured (e.g. to run one plugin's demo `seed`). */
export { registry } from '#config/plugins'
/** The context a plugin's demo `seed` gets (to run one plugin's seed in a test). */
export { demoSeedContext } from '#services/demo_data'
/** Behave as a process with (true) or without (false) the job worker, as AFFIX_WORKER decides. */
export { noteJobWorker } from '#services/job_queue'
/** Core's user (panel) model, for assertions on a panel's stored state. */
export { default as User } from '#models/user'
/** Core's organisation model, for tests that set an account's state up (verification, billing, flags). */
export { default as Organization } from '#models/organization'

/** Core's folder (where `bin/start.ts` is), for tests that start a real server process. */
export const CORE_DIR = fileURLToPath(new URL('../../', import.meta.url))
