import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { App } from './App'
import { AppErrorBoundary } from './layout/AppErrorBoundary'
import { installChunkReload } from './layout/chunk_reload'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

// A chunk that no longer exists (a deploy replaced it) reloads the page once per session.
installChunkReload()

// Real paths (spec §2 routes, links in mails), not react-admin's default hash routes. A data
// router, so react-admin's unsaved-changes guard (useBlocker) keeps working; the server
// answers index.html for every non-API path.
const router = createBrowserRouter([{ path: '*', element: <App /> }])

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <RouterProvider router={router} />
    </AppErrorBoundary>
  </StrictMode>
)
