/* The sample CSV files (spec §3: samples exist for customers and activities), served by the API. */
import { readFileSync } from 'node:fs'

const read = (name: string) => readFileSync(new URL(`../resources/samples/${name}`, import.meta.url), 'utf8')

export const SAMPLES = {
  customers: read('customers.csv'),
  activity: read('activity.csv'),
  fxRates: read('fx-rates.csv'),
}
