import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { seedDemo, DEMO_ADMIN_EMAIL } from '#services/demo_data'

/** `node ace db:seed`: the normal demo (`npm run seed` uses the demo:seed command, which takes --size). */
export default class DemoSeeder extends BaseSeeder {
  async run() {
    const { created } = await seedDemo()
    console.log(created ? `Demo data seeded. Log in as ${DEMO_ADMIN_EMAIL}` : 'Demo data already present.')
  }
}
