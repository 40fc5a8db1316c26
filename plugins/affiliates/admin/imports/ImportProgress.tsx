/* The shell's live import progress with the affiliates' messages. */
import { ImportProgress as ShellImportProgress } from '@affix/admin-ui/plugin-api'
import type { ComponentProps } from 'react'

export {
  isRunning,
  POLL_INTERVAL_MS,
  progressPercent,
  RUNNING_STATUSES,
  type ImportRecord,
  type ImportStatus,
} from '@affix/admin-ui/plugin-api'

export const ImportProgress = (props: Omit<ComponentProps<typeof ShellImportProgress>, 'messages'>) => (
  <ShellImportProgress messages="affiliates.import" {...props} />
)
