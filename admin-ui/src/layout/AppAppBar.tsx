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
  // The organisation's colour (the theme's primary); react-admin's default bar is the secondary blue.
  <AppBar toolbar={<Toolbar />} userMenu={false} color="primary">
    <TitlePortal />
  </AppBar>
)
