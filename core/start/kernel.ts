import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/request_id_middleware'),
  () => import('#middleware/detect_user_locale_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
])

router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/request_guard_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
])

export const middleware = router.named({
  auth: () => import('#middleware/auth_middleware'),
  pluginEnabled: () => import('#middleware/plugin_enabled_middleware'),
})
