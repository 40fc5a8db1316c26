/*
 * react-admin's notification with the spec's settings: 4.5 s, and the API failures that
 * spec §8 shows as a warning (400) or a notice (401 invoice due / trial end) in warning
 * colours, although react-admin's controllers notify every failure as an error.
 */
import { useMemo } from 'react'
import { Notification, NotificationContext, useNotificationContext, type NotificationProps } from 'react-admin'
import { isWarningMessage } from '../http_client'

export const NOTIFICATION_DURATION_MS = 4500

export const AppNotification = (props: NotificationProps) => {
  const context = useNotificationContext()
  const value = useMemo(
    () => ({
      ...context,
      takeNotification: () => {
        const notification = context.takeNotification()
        if (
          notification?.type === 'error' &&
          typeof notification.message === 'string' &&
          isWarningMessage(notification.message)
        ) {
          return { ...notification, type: 'warning' as const }
        }
        return notification
      },
    }),
    [context]
  )
  return (
    <NotificationContext.Provider value={value}>
      <Notification autoHideDuration={NOTIFICATION_DURATION_MS} {...props} />
    </NotificationContext.Provider>
  )
}
