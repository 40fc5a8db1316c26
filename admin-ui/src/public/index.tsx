/*
 * Public (blank-layout) pages of spec §2: login, password, registration, verification,
 * login-as landing, superadmin login, error pages (the affiliate and brand signup pages are
 * the signup plugin's). Rendered by <CustomRoutes noLayout>, whatever the auth state.
 */
import { Box } from '@mui/material'
import type { ReactElement, ReactNode } from 'react'
import { Route } from 'react-router-dom'
import { BadRequestPage, ForbiddenPage, NotFoundPage } from './ErrorPages'
import { LoginAsPage } from './LoginAsPage'
import { LoginPage } from './LoginPage'
import { ForgotPasswordPage, ResetPasswordPage } from './PasswordPages'
import { RegisterPage } from './RegisterPage'
import { SuperadminLoginPage } from './SuperadminLoginPage'
import { VerifyPage } from './VerifyPage'

/** An error page on its own: centred on the whole window. */
const Blank = ({ children }: { children: ReactNode }) => (
  <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>{children}</Box>
)

// /login itself is react-admin's loginPage (App passes LoginPage), so it also gets the
// "log in to see this page" redirects. Static segments win over parameters in React Router,
// so a plugin's /register/affiliate/… and /auth/verify/google are matched before their
// /:param siblings. Plugins add public pages of their own (AdminPlugin.publicRoutes).
export const publicRoutes: ReactElement[] = [
  <Route key="forgot" path="/password/forgot" element={<ForgotPasswordPage />} />,
  <Route key="reset" path="/password/reset/:code" element={<ResetPasswordPage />} />,
  <Route key="invitation" path="/invitation/:code" element={<ResetPasswordPage mode="invitation" />} />,
  <Route key="register" path="/register" element={<RegisterPage />} />,
  <Route key="verify" path="/auth/verify/:token" element={<VerifyPage />} />,
  <Route key="login-as" path="/auth/login/:suToken/:uid/:resource" element={<LoginAsPage />} />,
  <Route key="superadmin-login" path="/superadmin/login" element={<SuperadminLoginPage />} />,
  <Route
    key="400"
    path="/400"
    element={
      <Blank>
        <BadRequestPage />
      </Blank>
    }
  />,
  <Route
    key="403"
    path="/403"
    element={
      <Blank>
        <ForbiddenPage />
      </Blank>
    }
  />,
  <Route
    key="404"
    path="/404"
    element={
      <Blank>
        <NotFoundPage />
      </Blank>
    }
  />,
]

export { BadRequestPage, ForbiddenPage, LoginPage, NotFoundPage }
export { publicMessages } from './messages'
