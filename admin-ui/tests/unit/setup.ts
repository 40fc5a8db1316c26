/*
 * Unit tests run on a shared 2-core machine next to servers and browsers: `findBy…` and
 * `waitFor` get time to see a render settle instead of testing-library's 1 s default.
 */
import { configure } from '@testing-library/react'
import { afterAll } from 'vitest'

configure({ asyncUtilTimeout: 10_000 })

// react-admin's reference inputs schedule their parameter changes on a 0 ms timer, which an
// unmount does not cancel: on a slow machine one fires after the file's last test, once
// jsdom is gone ("window is not defined", an unhandled error that fails the run). Let such
// timers run before the environment is torn down.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 50)))
