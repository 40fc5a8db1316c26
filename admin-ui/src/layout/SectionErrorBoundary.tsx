/*
 * Keeps a failing widget or section from taking the page down (spec §8 "section errors"):
 * the section shows "An error occured while rendering {type}." (or a given message) and
 * the rest of the page keeps working. Exported for screens and plugins.
 */
import { Alert } from '@mui/material'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'

export interface SectionErrorBoundaryProps {
  /** What the section shows, as read in the message (e.g. "top affiliates"); may be an i18n key. */
  type?: string
  /** i18n key of a message of its own (the sidebar uses "There was a problem rendering the sidebar."). */
  message?: string
  children: ReactNode
  /** Render this instead of the default alert. */
  fallback?: ReactNode
}

const SectionError = ({ type, message }: { type?: string; message?: string }) => {
  const translate = useTranslate()
  const text = message
    ? translate(message)
    : translate('affix.errors.section', { type: type ? translate(type, { _: type }) : '' })
  return (
    <Alert severity="error" role="alert" sx={{ m: 1 }}>
      {text}
    </Alert>
  )
}

export class SectionErrorBoundary extends Component<SectionErrorBoundaryProps, { error: Error | null }> {
  state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(
      `Section "${this.props.type ?? this.props.message ?? 'unknown'}" failed to render`,
      error,
      info.componentStack
    )
  }

  render() {
    if (!this.state.error) return this.props.children
    return this.props.fallback ?? <SectionError type={this.props.type} message={this.props.message} />
  }
}
