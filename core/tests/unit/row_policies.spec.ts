/*
 * One way to authorise (docs/architecture.md, "Authorisation"): abilities through the kernel's
 * `authorize(ctx, subject, action)`, row visibility through scoped queries, and a Bouncer
 * policy only where a row is judged. tests/helpers/row_policies.ts says what is checked.
 */
import { test } from '@japa/runner'
import { resolve } from 'node:path'
import { serverSources, type OwnedSource } from '#tests/helpers/table_ownership'
import { findRowlessAuthorisation } from '#tests/helpers/row_policies'

const REPO_ROOT = resolve(import.meta.dirname, '../../..')

const planted = (path: string, text: string): OwnedSource => ({ owner: 'brands', path, text, migration: false })

test.group('row policies', () => {
  test('no server code asks Bouncer about an ability without a row', ({ assert }) => {
    assert.deepEqual(findRowlessAuthorisation(serverSources(REPO_ROOT)), [])
  })

  test('the check catches a policy and calls that judge no row', ({ assert }) => {
    const violations = findRowlessAuthorisation([
      ...serverSources(REPO_ROOT),
      planted(
        'plugins/brands/src/policies/planted_policy.ts',
        [
          "import { TenantPolicy } from '@affix/core/kernel'",
          'export default class PlantedPolicy extends TenantPolicy {',
          '  manageBrands() {',
          "    return this.can('brands', 'manage')",
          '  }',
          '  readBrands = () => true',
          '  before() {',
          '    return undefined',
          '  }',
          '  protected helper() {',
          '    return true',
          '  }',
          '}',
        ].join('\n')
      ),
      planted(
        'plugins/brands/src/controllers/planted_controller.ts',
        [
          "import PlantedPolicy from '../policies/planted_policy.js'",
          'export default class PlantedController {',
          '  async index(ctx: HttpContext) {',
          "    await ctx.bouncer.with(PlantedPolicy).authorize('manageBrands')",
          "    if (await ctx.bouncer.with(PlantedPolicy).denies('readBrands')) return",
          '    await ctx.bouncer.allows(editBrand)',
          "    // a comment may say ctx.bouncer.with(PlantedPolicy).authorize('manageBrands')",
          "    return 'bouncer.allows(x)'",
          '  }',
          '}',
        ].join('\n')
      ),
    ])
    assert.sameMembers(violations, [
      'plugins/brands/src/policies/planted_policy.ts:3: PlantedPolicy.manageBrands judges no row ' +
        '(an action takes the user and the row); use authorize(ctx, subject, action)',
      'plugins/brands/src/policies/planted_policy.ts:6: PlantedPolicy.readBrands judges no row ' +
        '(an action takes the user and the row); use authorize(ctx, subject, action)',
      'plugins/brands/src/controllers/planted_controller.ts:4: bouncer.with(PlantedPolicy).authorize ' +
        'is given no row; use authorize(ctx, subject, action)',
      'plugins/brands/src/controllers/planted_controller.ts:5: bouncer.with(PlantedPolicy).denies ' +
        'is given no row; use authorize(ctx, subject, action)',
      'plugins/brands/src/controllers/planted_controller.ts:6: bouncer.allows is given no row; ' +
        'use authorize(ctx, subject, action)',
    ])
  })

  test('a policy that judges a row passes', ({ assert }) => {
    const violations = findRowlessAuthorisation([
      planted(
        'plugins/brands/src/policies/brand_policy.ts',
        [
          "import { TenantPolicy } from '@affix/core/kernel'",
          'export default class BrandPolicy extends TenantPolicy {',
          '  edit(_user: unknown, brand: Brand) {',
          "    return this.can('brands', 'manage') && brand.status !== 'archived'",
          '  }',
          '}',
        ].join('\n')
      ),
      planted(
        'plugins/brands/src/controllers/brands_controller.ts',
        "await ctx.bouncer.with(BrandPolicy).authorize('edit', await findBrand(ctx))"
      ),
    ])
    assert.deepEqual(violations, [])
  })
})
