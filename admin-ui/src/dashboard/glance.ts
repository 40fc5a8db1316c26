/*
 * The dashboard's "at a glance" strip: figures that plugins declare (AdminPlugin.glance), each
 * the number of records one of their lists has with a filter, e.g. the clicks of the last 30
 * days. The shell counts them through the list API (its Content-Range total), so a figure is
 * as true, and as scoped to the reader, as the list it opens.
 */

export interface GlanceFigure {
  /** i18n key of what is counted, e.g. "Clicks, last 30 days". */
  label: string
  /** The resource whose list is counted, and opened (with the filter) when the figure is clicked. */
  resource: string
  /** A sort the list accepts (the count ignores it, the API checks it). */
  sort: { field: string; order: 'ASC' | 'DESC' }
  /** The list filter as of `now`. */
  filter?: (now: Date) => Record<string, unknown>
  /** Position in the strip (lower first; default 100). */
  order?: number
}

/** `days` days before `now`: as an instant (ISO 8601) and as the browser's calendar date (YYYY-MM-DD). */
export function daysBefore(now: Date, days: number): { instant: string; date: string } {
  const then = new Date(now.getTime() - days * 86_400_000)
  const pad = (value: number) => String(value).padStart(2, '0')
  return {
    instant: then.toISOString(),
    date: `${then.getFullYear()}-${pad(then.getMonth() + 1)}-${pad(then.getDate())}`,
  }
}
