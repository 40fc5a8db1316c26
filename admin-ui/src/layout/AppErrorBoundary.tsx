/* The last-resort boundary around the whole app (main.tsx): nothing of react-admin is assumed. */
import { Component, type ReactNode } from 'react'
import { StandaloneErrorPage } from './ErrorPage'

export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  render() {
    return this.state.error ? <StandaloneErrorPage error={this.state.error} /> : this.props.children
  }
}
