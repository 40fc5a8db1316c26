/*
 * Panels of a person (same e-mail address in several organisations) and the caller's profile.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ApiRouter } from '#kernel/api_router'
import { PanelSummary, Session } from '#start/schemas'

const AuthController = () => import('#controllers/auth_controller')

router
  .group(() => {
    const auth = new ApiRouter(router, '/api/v1/auth', 'auth')
    auth.get(
      '/panels',
      {
        name: 'listPanels',
        summary: "The caller's panels in every organisation",
        response: { status: 200, data: { type: 'array', items: PanelSummary } },
      },
      [AuthController, 'panels']
    )
    auth.post(
      '/panels/:id/switch',
      {
        name: 'switchPanel',
        summary: 'Open another panel of the same person (a new token for that panel)',
        response: { status: 200, data: Session },
        errors: { '403': 'The panel is not active', '404': 'No such panel of yours' },
      },
      [AuthController, 'switchPanel']
    )
  })
  .prefix('/api/v1/auth')
  .use(middleware.auth())
