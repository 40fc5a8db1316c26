/*
 * Unit tests run on a shared 2-core machine next to servers and browsers: `findBy…` and
 * `waitFor` get time to see a render settle instead of testing-library's 1 s default.
 */
import { configure } from '@testing-library/react'

configure({ asyncUtilTimeout: 10_000 })
