/* Plain-text tables and detail listings for human output (--json prints data instead). */

export type Cell = string | number | boolean | null | undefined

export interface Column<Row> {
  header: string
  value: (row: Row) => Cell
}

function text(cell: Cell): string {
  return cell === null || cell === undefined || cell === '' ? '-' : String(cell)
}

export function renderTable<Row>(rows: Row[], columns: Column<Row>[]): string {
  const cells = rows.map((row) => columns.map((column) => text(column.value(row))))
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...cells.map((line) => line[index]!.length))
  )
  const format = (line: string[]) =>
    line
      .map((cell, index) => cell.padEnd(widths[index]!))
      .join('  ')
      .trimEnd()
  return [
    format(columns.map((column) => column.header)),
    format(widths.map((width) => '-'.repeat(width))),
    ...cells.map(format),
  ].join('\n')
}

/** "Label: value" lines with the values aligned. */
export function renderDetails(entries: Array<[label: string, value: Cell]>): string {
  const width = Math.max(...entries.map(([label]) => label.length))
  return entries.map(([label, value]) => `${`${label}:`.padEnd(width + 1)}  ${text(value)}`).join('\n')
}
