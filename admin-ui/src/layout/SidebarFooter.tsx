/*
 * The sidebar's footer menu (spec §2): User (Profile, Billing, Team Members, Logout),
 * Uploads, Downloads, Help (Settings, API Docs, Help & Support). Which entries show is
 * decided by footerMenu (sidebar_items.ts).
 */
import CloudDownloadIcon from '@mui/icons-material/CloudDownload'
import CloudUploadIcon from '@mui/icons-material/CloudUpload'
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined'
import PersonIcon from '@mui/icons-material/Person'
import { Divider, ListItemIcon, Menu as MuiMenu, MenuItem, MenuList, Tooltip, Typography } from '@mui/material'
import { useState, type ReactNode } from 'react'
import { Menu, useLogout, useNavigate, useSidebarState, useTranslate } from 'react-admin'
import { registeredRoutePaths } from './menu_registry'
import { HelpDialog } from './HelpDialog'
import { footerMenu, type FooterItem } from './sidebar_items'
import { useSession } from './useSession'

/** A footer entry that opens a small menu of links (User, Help). */
const FooterSubmenu = ({
  label,
  title,
  icon,
  items,
  onSelect,
}: {
  label: string
  title: string
  icon: ReactNode
  items: FooterItem[]
  onSelect: (item: FooterItem) => void
}) => {
  const translate = useTranslate()
  const [open] = useSidebarState()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const id = `footer-menu-${title.toLowerCase()}`
  const entry = (
    <MenuItem
      onClick={(event) => setAnchor(event.currentTarget)}
      aria-haspopup="menu"
      aria-controls={anchor ? id : undefined}
      aria-expanded={anchor ? 'true' : undefined}
      aria-label={title}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap>
        {label}
      </Typography>
    </MenuItem>
  )
  return (
    <>
      {open ? (
        entry
      ) : (
        <Tooltip title={title} placement="right">
          {entry}
        </Tooltip>
      )}
      <MuiMenu
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {items.map((item) =>
          item.external ? (
            <MenuItem
              key={item.key}
              component="a"
              href={item.to}
              target="_blank"
              rel="noopener"
              onClick={() => setAnchor(null)}
            >
              {translate(item.label)}
            </MenuItem>
          ) : (
            <MenuItem
              key={item.key}
              onClick={() => {
                setAnchor(null)
                onSelect(item)
              }}
            >
              {translate(item.label)}
            </MenuItem>
          )
        )}
      </MuiMenu>
    </>
  )
}

export const SidebarFooter = () => {
  const translate = useTranslate()
  const navigate = useNavigate()
  const logout = useLogout()
  const { account, coid } = useSession()
  const [helpOpen, setHelpOpen] = useState(false)
  if (!account) return null
  const footer = footerMenu({ account, coid }, registeredRoutePaths())

  const select = (item: FooterItem) => {
    if (item.key === 'logout') void logout()
    else if (item.key === 'help_support') setHelpOpen(true)
    else if (item.to) navigate(item.to)
  }

  return (
    <>
      <Divider />
      <MenuList dense data-testid="sidebar-footer">
        <FooterSubmenu
          label={account.user.name ?? account.user.email}
          title={translate('affix.layout.footer.user')}
          icon={<PersonIcon />}
          items={footer.user}
          onSelect={select}
        />
        {footer.uploads && (
          <Menu.Item to="/uploads" primaryText="affix.layout.footer.uploads" leftIcon={<CloudUploadIcon />} />
        )}
        {footer.downloads && (
          <Menu.Item to="/downloads" primaryText="affix.layout.footer.downloads" leftIcon={<CloudDownloadIcon />} />
        )}
        {footer.help.length > 0 && (
          <FooterSubmenu
            label={translate('affix.layout.footer.help')}
            title={translate('affix.layout.footer.help')}
            icon={<HelpOutlineIcon />}
            items={footer.help}
            onSelect={select}
          />
        )}
      </MenuList>
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} account={account} />
    </>
  )
}
