import { lazy, Suspense, type ComponentType } from 'react'
import { Loading } from 'react-admin'

/**
 * A screen loaded on first use: the login page and the shell do not carry the plugin's
 * screens (Vite puts each in a chunk of its own).
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(async () => ({ default: await load() }))
  const LazyScreen = () => (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  )
  return LazyScreen
}
