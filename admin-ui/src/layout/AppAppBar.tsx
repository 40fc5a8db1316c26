/* The app bar: menu toggle, page title, panel switcher, language menu, loading indicator. */
import { AppBar, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin'
import { PanelSwitcher } from './PanelSwitcher'

const Toolbar = () => (
  <>
    <PanelSwitcher />
    <LocalesMenuButton />
    <LoadingIndicator />
  </>
)

export const AppAppBar = () => (
  <AppBar toolbar={<Toolbar />} userMenu={false}>
    <TitlePortal />
  </AppBar>
)
