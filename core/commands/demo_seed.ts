import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { SEED_SIZES, type SeedSize } from '#kernel/plugin'
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, seedDemo } from '#services/demo_data'

/**
 * Seeds the demo organisation (`npm run seed`, after the migrations): `--size normal` (what
 * a fresh start gets) or `--size large` (thousands of affiliates, millions of clicks).
 * Prints each step's time. Does nothing when the demo organisation exists.
 */
export default class DemoSeed extends BaseCommand {
  static commandName = 'demo:seed'
  static description = 'Seed the demo organisation: --size normal (default) or large'
  static options: CommandOptions = { startApp: true }
  static help = ['npm run seed', 'npm run seed -- --size large']

  @flags.string({ description: 'normal or large', default: 'normal' })
  declare size: string

  @flags.string({ description: 'The instant treated as now (ISO 8601), to compare two seeds' })
  declare now?: string

  async run() {
    if (!SEED_SIZES.includes(this.size as SeedSize)) {
      this.logger.error(`--size must be one of ${SEED_SIZES.join(', ')}, not "${this.size}"`)
      this.exitCode = 2
      return
    }
    const now = this.now ? new Date(this.now) : undefined
    if (now && Number.isNaN(now.getTime())) {
      this.logger.error(`--now must be an ISO 8601 date and time, not "${this.now}"`)
      this.exitCode = 2
      return
    }
    const started = performance.now()
    const { created } = await seedDemo({
      size: this.size as SeedSize,
      now,
      onStep: (step, milliseconds) => this.logger.info(`${step}: ${(milliseconds / 1000).toFixed(2)} s`),
    })
    if (!created) {
      this.logger.info('Demo data already present: nothing seeded.')
      return
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    this.logger.success(
      `Demo data (${this.size}) seeded in ${seconds} s. Log in as ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`
    )
  }
}
