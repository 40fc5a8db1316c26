/*
 * Browser test of every panel type against a real server (its own database): each role
 * logs in through the UI and the test checks where it lands, the exact sidebar entries,
 * footer menu and User menu it sees, that a route it may not read sends it home, and that
 * it logs out through the UI. Then the redirect rules (unauthenticated visitors, a logged-in
 * visitor of /login, an unknown route, a billing-locked panel), login-as an affiliate and
 * back to the admin panel, and the language switch to Turkish and Portuguese.
 * Screenshots go to admin-ui/test-results/panels/.
 *
 * The panels are rows written straight into the test database, each with the demo admin's
 * password hash (so every password is Demo#1234): simpler than the signup flows, which
 * public.test.ts covers. The expected lists below are written out from the spec and the
 * server's grants (core_permissions.ts and the plugins' manifests), not derived from the UI code.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_SERVER, type TestServer, type TestServerModule } from './browser'

const DATABASE = 'affix_test_e2e_panels'
const SCREENSHOTS = fileURLToPath(new URL('../../test-results/panels/', import.meta.url))

const DEMO_ORG = 'Demo Casino Network'
const PARENT_ORG = 'Panels Parent Group'
const LOCKED_ORG = 'Panels Locked Casino'
const LOCKED_ADMIN = { email: 'locked@panels.affix.test', name: 'Lena Locked' }

interface PanelCase {
  role: string
  email: string
  name: string
  /** null: the organisation "Demo Casino Network". */
  organization: string | null
  loginPath: '/login' | '/superadmin/login'
  /** Path it lands on, and a text only that home shows. */
  home: string
  homeText: string
  /** The home's test id, for the affiliate and brand homes. */
  homeTestId?: string
  /** The panel switcher's label: organisation · role. */
  switcher: string
  /** The sidebar: each group (spec §2 order) with its entries, label and the path in the address bar. */
  sidebar: Sidebar
  /** Footer entries by accessible name (User is named "User" whatever the person's name). */
  footer: string[]
  userMenu: string[]
  /** A route this panel may not read: it lands on its home instead. */
  deniedPath: string
}

type Entry = [label: string, path: string]
type Sidebar = Array<[group: string, entries: Entry[]]>

const DASHBOARD: Entry = ['Dashboard', '/insights/dashboard']
const CLICK: Entry = ['Clicks', '/engagements/click']
/** The tracking plugin's clicks: every panel of the network and the affiliates read theirs. */
const CLICKS: [string, Entry[]] = ['Engagements', [CLICK]]
/** The customers plugin's players and activity (a brand panel reads its brand's). */
const PLAYERS: Entry[] = [
  ['Customers', '/engagements/customer'],
  ['Activity', '/engagements/activity'],
]
/** The payouts plugin's reads: every team role and the affiliates (their own). */
const COMMISSIONS: Entry[] = [
  ['Commissions', '/engagements/payout'],
  ['Payout summary', '/engagements/payout-summary'],
  ['Carryover', '/engagements/carryover'],
  ['Referral', '/engagements/referral'],
]
const PERIODS: Entry = ['Commission periods', '/engagements/payout-periods']
const POSTBACKS: Entry[] = [
  ['Postbacks', '/manage/postback'],
  ['Postback log', '/manage/postback-log'],
  ['Postback dead letters', '/manage/postback-dead-letters'],
]
const POSTBACK_RULES: Entry = ['Postback rules', '/manage/pbrules']
const ORGANIZATION: Entry = ['Organization', '/manage/organization']
const CATALOGUE: Entry[] = [
  ['Brands', '/manage/brand'],
  ['Products', '/manage/product'],
]
const CAMPAIGNS: Entry = ['Campaigns', '/manage/campaign']
/** Affiliates, groups, media and promo codes: every team role and the parent read them (plugins' grants). */
const AFFILIATES: Entry[] = [
  ['Affiliates', '/manage/affiliate'],
  ['Affiliate groups', '/manage/affiliate-group'],
  // Who referred whom: the network's view (an affiliate gets its own at the same path).
  ['Referred affiliates', '/manage/referred-affiliates'],
]
const MEDIA: Entry = ['Media', '/manage/media']
const PROMO: Entry = ['Promo codes', '/manage/promo-code']
const MEDIA_PROMO: Entry[] = [MEDIA, PROMO]
const API: Entry = ['API', '/configuration/api']
const INTEGRATIONS: Entry = ['Integrations', '/configuration/integrations']
/**
 * The Tracking page: the domains and fraud rules plugins' screens as its tabs (admins,
 * sub-admins, AFM and ADM read both; affiliates their domains). First in Configuration, as
 * the product orders it (automation, tracking, api, …).
 */
const TRACKING: Entry = ['Tracking', '/configuration/tracking']
const BRAND_FORMULAS: Entry = ['Brand formulas', '/configuration/brand-formula']
const OPERATOR_POSTBACK: Entry = ['Operator postback', '/configuration/operator-postback']
const FX_RATES: Entry = ['FX rates', '/configuration/fx-rates']
const WEBHOOKS: Entry[] = [
  ['Webhooks', '/configuration/webhook-configs'],
  ['Webhook log', '/configuration/webhook-logs'],
  ['Webhook dead letters', '/configuration/webhook-dead-letters'],
]
/** What admins and sub-admins configure besides API and Integrations. */
const NETWORK_ADMIN: Entry[] = [BRAND_FORMULAS, OPERATOR_POSTBACK, FX_RATES, ...WEBHOOKS]
const TEAM_MANAGE: Entry[] = [...CATALOGUE, CAMPAIGNS, ...AFFILIATES, MEDIA, ...POSTBACKS, POSTBACK_RULES, PROMO]
/** The parent organisation reads the catalogue, campaigns, affiliates, media and promo codes (no postbacks). */
const PARENT_MANAGE: Entry[] = [...CATALOGUE, CAMPAIGNS, ...AFFILIATES, ...MEDIA_PROMO]
/** The demo organisation has feature edl: admins, sub-admins and AFMs manage deep links, affiliates read them. */
const DEEP_LINK: Entry = ['Deep links', '/manage/deep-links']
const PANELS: PanelCase[] = [
  {
    role: 'admin',
    email: 'admin@demo.affix.dev',
    name: 'Demo Admin',
    organization: null,
    loginPath: '/login',
    home: '/insights/dashboard',
    homeText: `Welcome to ${DEMO_ORG}`,
    switcher: `${DEMO_ORG} · Admin`,
    sidebar: [
      ['Home', [DASHBOARD]],
      ['Engagements', [...PLAYERS, ...COMMISSIONS, PERIODS, CLICK]],
      ['Manage', [ORGANIZATION, ...TEAM_MANAGE, DEEP_LINK]],
      ['Configuration', [TRACKING, API, INTEGRATIONS, ...NETWORK_ADMIN]],
    ],
    footer: ['User', 'Uploads', 'Downloads', 'Help'],
    userMenu: ['Profile', 'Team Members', 'Logout'],
    deniedPath: '/superadmin/accounts',
  },
  {
    role: 'sub-admin',
    email: 'subadmin@panels.affix.test',
    name: 'Sam Subadmin',
    organization: null,
    loginPath: '/login',
    home: '/insights/dashboard',
    homeText: `Welcome to ${DEMO_ORG}`,
    switcher: `${DEMO_ORG} · Sub-admin`,
    sidebar: [
      ['Home', [DASHBOARD]],
      ['Engagements', [...PLAYERS, ...COMMISSIONS, PERIODS, CLICK]],
      ['Manage', [ORGANIZATION, ...TEAM_MANAGE, DEEP_LINK]],
      ['Configuration', [TRACKING, INTEGRATIONS, ...NETWORK_ADMIN]],
    ],
    footer: ['User', 'Uploads', 'Downloads'],
    userMenu: ['Profile', 'Logout'],
    deniedPath: '/settings',
  },
  {
    role: 'affiliate',
    email: 'affiliate@panels.affix.test',
    name: 'Alex Affiliate',
    organization: null,
    loginPath: '/login',
    home: '/insights/dashboard',
    homeText: 'Welcome, Alex Affiliate',
    homeTestId: 'affiliate-home',
    switcher: `${DEMO_ORG} · Affiliate`,
    // Its own players, activity, commissions and postbacks; media and promo codes read-only; its own referred affiliates.
    sidebar: [
      ['Home', [DASHBOARD]],
      ['Engagements', [...PLAYERS, ...COMMISSIONS, CLICK]],
      [
        'Manage',
        [CAMPAIGNS, ['Referred affiliates', '/manage/referred-affiliates'], MEDIA, ...POSTBACKS, PROMO, DEEP_LINK],
      ],
      ['Configuration', [TRACKING, API]],
    ],
    footer: ['User', 'Downloads', 'Help'],
    userMenu: ['Profile', 'Logout'],
    deniedPath: '/manage/organization',
  },
  {
    role: 'afm',
    email: 'afm@panels.affix.test',
    name: 'Fay Manager',
    organization: null,
    loginPath: '/login',
    home: '/insights/dashboard',
    homeText: `Welcome to ${DEMO_ORG}`,
    switcher: `${DEMO_ORG} · Affiliate manager`,
    sidebar: [
      ['Home', [DASHBOARD]],
      ['Engagements', [...PLAYERS, ...COMMISSIONS, CLICK]],
      ['Manage', [...TEAM_MANAGE, DEEP_LINK]],
      ['Configuration', [TRACKING, FX_RATES]],
    ],
    footer: ['User', 'Uploads', 'Downloads', 'Help'],
    userMenu: ['Profile', 'Logout'],
    deniedPath: '/configuration/api',
  },
  {
    role: 'adm',
    email: 'adm@panels.affix.test',
    name: 'Ada Accounts',
    organization: null,
    loginPath: '/login',
    home: '/insights/dashboard',
    homeText: `Welcome to ${DEMO_ORG}`,
    switcher: `${DEMO_ORG} · Account manager`,
    sidebar: [
      ['Home', [DASHBOARD]],
      ['Engagements', [...PLAYERS, ...COMMISSIONS, CLICK]],
      ['Manage', TEAM_MANAGE],
      ['Configuration', [TRACKING, FX_RATES]],
    ],
    footer: ['User', 'Downloads', 'Help'],
    userMenu: ['Profile', 'Logout'],
    deniedPath: '/uploads',
  },
  {
    role: 'brand',
    email: 'brand@panels.affix.test',
    name: 'Bree Brand',
    organization: null,
    loginPath: '/login',
    home: '/insights/dashboard',
    homeText: 'Welcome, Bree Brand',
    homeTestId: 'brand-home',
    switcher: `${DEMO_ORG} · Brand`,
    // Its brand's players and activity, its brand and the brand's products.
    sidebar: [
      ['Home', [DASHBOARD]],
      ['Engagements', PLAYERS],
      ['Manage', CATALOGUE],
    ],
    footer: ['User', 'Downloads', 'Help'],
    userMenu: ['Profile', 'Logout'],
    deniedPath: '/configuration/integrations',
  },
  {
    role: 'parent',
    email: 'parent@panels.affix.test',
    name: 'Pat Parent',
    organization: PARENT_ORG,
    loginPath: '/login',
    home: '/insights/dashboard',
    homeText: `Welcome to ${PARENT_ORG}`,
    switcher: `${PARENT_ORG} · Parent organisation`,
    sidebar: [
      ['Home', [DASHBOARD]],
      CLICKS,
      ['Manage', [ORGANIZATION, ...PARENT_MANAGE]],
      ['Configuration', [INTEGRATIONS]],
    ],
    footer: ['User', 'Downloads', 'Help'],
    userMenu: ['Profile', 'Team Members', 'Logout'],
    deniedPath: '/configuration/api',
  },
  {
    role: 'superadmin',
    email: 'root@panels.affix.test',
    name: 'Root',
    organization: null,
    loginPath: '/superadmin/login',
    home: '/superadmin/accounts',
    homeText: DEMO_ORG,
    switcher: `${DEMO_ORG} · Superadmin`,
    sidebar: [
      ['Home', [['Home', '/superadmin/home']]],
      ['Manage', [['Accounts', '/superadmin/accounts']]],
    ],
    footer: ['User', 'Downloads'],
    userMenu: ['Profile', 'Logout'],
    deniedPath: '/manage/organization',
  },
]
const panel = (role: string) => PANELS.find((candidate) => candidate.role === role)!

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('every panel in a browser', () => {
  let server: TestServer
  let password: string
  let browser: Browser
  let page: Page
  const userIds = new Map<string, number>()
  const pageErrors: string[] = []

  const visit = (path: string) => page.goto(`${server.url}${path}`)
  const pathname = () => new URL(page.url()).pathname
  const screenshot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
  const storage = (key: string) => page.evaluate((name) => localStorage.getItem(name), key)
  const textbox = (label: string) => page.getByRole('textbox', { name: label, exact: true })
  const mainMenu = (name = 'Main navigation') => page.getByRole('menu', { name })
  const footer = () => page.getByTestId('sidebar-footer')
  const openMenu = () => page.getByRole('menu').last()
  /** Menu entries by accessible name: aria-label when there is one, else the text. */
  /** The sidebar as groups of [label, path], read from the menu's headings and links. */
  const sidebarTree = () =>
    mainMenu().evaluate((menu) => {
      const groups: Array<[string, Array<[string, string]>]> = []
      for (const node of menu.querySelectorAll('[data-testid="sidebar-group"], [role="menuitem"]')) {
        if (node.getAttribute('data-testid') === 'sidebar-group') groups.push([node.textContent?.trim() ?? '', []])
        else
          groups.at(-1)?.[1].push([node.textContent?.trim() ?? '', new URL((node as HTMLAnchorElement).href).pathname])
      }
      return groups
    })
  const entryNames = (scope: ReturnType<Page['getByRole']>) =>
    scope
      .getByRole('menuitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? item.textContent?.trim() ?? ''))

  const database = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: server.databaseUrl })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  const logIn = async (loginPath: string, email: string) => {
    if (pathname() !== loginPath) await visit(loginPath)
    await textbox('Email').fill(email)
    await textbox('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }
  const userMenuEntries = async () => {
    await footer().getByRole('menuitem', { name: 'User' }).click()
    const entries = await openMenu().getByRole('menuitem').allTextContents()
    await page.keyboard.press('Escape')
    return entries
  }
  const logOut = async () => {
    await footer().getByRole('menuitem', { name: 'User' }).click()
    await openMenu().getByRole('menuitem', { name: 'Logout' }).click()
  }
  const switchLanguage = async (from: string, to: string) => {
    await page.getByRole('button', { name: from }).click()
    await page.getByRole('menuitem', { name: to }).click()
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium), set CHROMIUM_PATH, or set SKIP_BROWSER_TESTS=1`
      )
    }
    await mkdir(SCREENSHOTS, { recursive: true })
    const serverModule = (await import(TEST_SERVER)) as TestServerModule
    password = serverModule.DEMO_ADMIN.password
    server = await serverModule.startTestServer({ database: DATABASE })

    await database(async (client) => {
      const demo = await client.query<{ organization_id: number; password: string }>(
        'SELECT organization_id, password FROM users WHERE lower(email) = $1',
        [PANELS[0].email]
      )
      const { organization_id: demoOrgId, password: hash } = demo.rows[0]
      const newOrganization = async (name: string, type: string, panelType: string, locked = false) => {
        const { rows } = await client.query<{ id: number }>(
          'INSERT INTO organizations (name, type, panel_type, panel_locked) VALUES ($1, $2, $3, $4) RETURNING id',
          [name, type, panelType, locked]
        )
        return rows[0].id
      }
      const addUser = async (organizationId: number, role: string, email: string, name: string) => {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO users (organization_id, email, password, name, role, status, email_verified_at)
           VALUES ($1, $2, $3, $4, $5, 'active', now()) RETURNING id`,
          [organizationId, email, hash, name, role]
        )
        return rows[0].id
      }
      const parentOrgId = await newOrganization(PARENT_ORG, 'parent', 'parent')
      for (const { role, email, name, organization } of PANELS.slice(1)) {
        userIds.set(role, await addUser(organization === PARENT_ORG ? parentOrgId : demoOrgId, role, email, name))
      }
      await addUser(
        await newOrganization(LOCKED_ORG, 'parent', 'network', true),
        'admin',
        LOCKED_ADMIN.email,
        LOCKED_ADMIN.name
      )
    })

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
  })

  // A failing test leaves the page it failed on, for the report.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await screenshot(`failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('sends unauthenticated visitors to the right login page, and a logged-in visitor of /login home', async () => {
    await visit('/superadmin/accounts')
    await page.waitForURL((url) => url.pathname === '/superadmin/login')
    await page.getByText('Superadmin sign in').waitFor()

    await visit('/account')
    await page.waitForURL((url) => url.pathname === '/login')
    // After the log-in, the page that asked for it opens.
    await logIn('/login', panel('admin').email)
    await page.waitForURL((url) => url.pathname === '/account')

    await visit('/login')
    await page.waitForURL((url) => url.pathname === '/insights/dashboard')
    await page.getByText(`Welcome to ${DEMO_ORG}`).waitFor()

    // An unknown route inside the layout shows the 404 page.
    await visit('/no-such-screen')
    await page.getByText('Sorry, the page you visited does not exist.').waitFor()
    await screenshot('not-found-logged-in')
    await visit('/')
    await logOut()
    await page.waitForURL((url) => url.pathname === '/login')
  })

  it.each(PANELS.map((entry) => [entry.role, entry] as const))(
    'logs in as %s: home, sidebar, footer, a denied route, logout',
    async (role, expected) => {
      await logIn(expected.loginPath, expected.email)
      await page.waitForURL((url) => url.pathname === expected.home)
      const home = expected.homeTestId ? page.getByTestId(expected.homeTestId) : page.locator('#main-content')
      await home.getByText(expected.homeText).first().waitFor()
      await page.getByTestId('panel-switcher').filter({ hasText: expected.switcher }).waitFor()

      await expect.poll(() => sidebarTree()).toEqual(expected.sidebar)
      await expect(entryNames(footer())).resolves.toEqual(expected.footer)
      // Each entry opens its spec path: the address bar keeps it (no redirect to react-admin's /campaigns).
      for (const [, entries] of expected.sidebar)
        for (const [label, path] of entries) {
          await mainMenu().getByRole('menuitem', { name: label, exact: true }).click()
          await page.waitForURL((url) => url.pathname === path)
          // Its page has loaded (its title set) and nothing sent it elsewhere.
          await page.locator('#main-content').waitFor()
          await page.waitForLoadState('networkidle')
          expect(pathname(), label).toBe(path)
        }
      await expect(userMenuEntries()).resolves.toEqual(expected.userMenu)
      await screenshot(role)

      await visit(expected.deniedPath)
      await page.waitForURL((url) => url.pathname === expected.home)
      await home.getByText(expected.homeText).first().waitFor()

      await logOut()
      await page.waitForURL((url) => url.pathname === expected.loginPath)
      expect(await storage('panel')).toBeNull()
    }
  )

  it('keeps a billing-locked panel on /manage/billing', async () => {
    await logIn('/login', LOCKED_ADMIN.email)
    await page.waitForURL((url) => url.pathname === '/manage/billing')
    await page.getByText('Your panel is locked').waitFor()
    await visit('/account')
    await page.waitForURL((url) => url.pathname === '/manage/billing')
    await page.getByText(`Billing for ${LOCKED_ORG} needs attention`, { exact: false }).waitFor()
    await screenshot('billing-locked')
    await page.locator('#main-content').getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL((url) => url.pathname === '/login')

    // Billing settled: the next log-in, sent back to /manage/billing where the last one
    // ended, finds no billing screen there and goes home.
    await database((client) =>
      client.query('UPDATE organizations SET panel_locked = false WHERE name = $1', [LOCKED_ORG])
    )
    await logIn('/login', LOCKED_ADMIN.email)
    await page.waitForURL((url) => url.pathname === '/insights/dashboard')
    await page.getByText(`Welcome to ${LOCKED_ORG}`).waitFor()
    await logOut()
    await page.waitForURL((url) => url.pathname === '/login')
  })

  it('logs the admin in as an affiliate and back to the admin panel', async () => {
    const affiliate = panel('affiliate')
    await logIn('/login', panel('admin').email)
    await page.getByText(`Welcome to ${DEMO_ORG}`).waitFor()

    const adminToken = await storage('adminToken')
    const response = await fetch(`${server.url}/api/v1/auth/login-as`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ userId: userIds.get('affiliate') }),
    })
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: { token: string } }

    await visit(`/auth/login/${encodeURIComponent(data.token)}/${userIds.get('affiliate')}/home`)
    await page.waitForURL((url) => url.pathname === '/insights/dashboard')
    await page.getByTestId('affiliate-home').getByText(affiliate.homeText).waitFor()
    await page.getByTestId('panel-switcher').filter({ hasText: affiliate.switcher }).waitFor()
    await page.getByText(`You are signed in as ${affiliate.email} on behalf of`).waitFor()
    await expect.poll(() => sidebarTree()).toEqual(affiliate.sidebar)
    expect(await storage('panel')).toBe('affiliate')
    await screenshot('login-as-affiliate')

    await logOut()
    await page.getByText(`Welcome to ${DEMO_ORG}`).waitFor()
    expect(pathname()).toBe('/insights/dashboard')
    await page
      .getByTestId('panel-switcher')
      .filter({ hasText: panel('admin').switcher })
      .waitFor()
    expect(await storage('panel')).toBe('admin')
    expect(await storage('affiliateToken')).toBeNull()
    await expect(page.getByText('on behalf of').count()).resolves.toBe(0)
    await screenshot('login-as-back-to-admin')
  })

  it('shows domains and fraud rules as tabs of the Tracking page; their former paths lead there', async () => {
    const tabs = page.getByTestId('section-tabs')
    await mainMenu().getByRole('menuitem', { name: 'Tracking', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/configuration/tracking')
    await tabs.getByRole('heading', { name: 'Tracking' }).waitFor()
    await expect(tabs.getByRole('tab').allTextContents()).resolves.toEqual(['Domains', 'Fraud rules'])
    // The page opens on its first tab, at its own path.
    await expect.poll(() => tabs.getByRole('tab', { selected: true }).textContent()).toBe('Domains')
    await page.locator('#main-content').getByText('trk.demo1.example', { exact: true }).waitFor()
    await screenshot('tracking-domains')

    await tabs.getByRole('tab', { name: 'Fraud rules' }).click()
    await page.waitForURL((url) => url.pathname === '/configuration/tracking/fraud-rules')
    await expect.poll(() => tabs.getByRole('tab', { selected: true }).textContent()).toBe('Fraud rules')
    await page.locator('#main-content').getByText('Block bots').waitFor()
    await screenshot('tracking-fraud-rules')

    // Bookmarks of the former paths (and of a record below them) keep working, query included.
    await visit('/configuration/fraud-rules?page=1')
    await page.waitForURL((url) => url.pathname === '/configuration/tracking/fraud-rules')
    expect(new URL(page.url()).searchParams.get('page')).toBe('1')
    const domainId = await database(async (client) => {
      const { rows } = await client.query<{ id: number }>('SELECT id FROM domains ORDER BY id LIMIT 1')
      return rows[0].id
    })
    await visit(`/configuration/domains/${domainId}`)
    await page.waitForURL((url) => url.pathname === `/configuration/tracking/domains/${domainId}`)
    await page.locator('#main-content form').waitFor()
    await visit('/insights/dashboard')
  })

  it('switches the logged-in layout to Turkish and Portuguese', async () => {
    await switchLanguage('English', 'Türkçe')
    await mainMenu('Ana gezinme').getByRole('menuitem', { name: 'Gösterge paneli' }).waitFor()
    await expect(entryNames(mainMenu('Ana gezinme'))).resolves.toEqual([
      'Gösterge paneli',
      'Müşteriler',
      'Etkinlik',
      'Komisyonlar',
      'Ödeme özeti',
      'Negatif devir',
      'Yönlendirme',
      'Komisyon dönemleri',
      'Tıklamalar',
      'Organizasyon',
      'Markalar',
      'Ürünler',
      'Kampanyalar',
      'Ortaklar',
      'Ortak grupları',
      'Yönlendirilen ortaklar',
      'Medya',
      'Postbackler',
      'Postback kaydı',
      'Teslim edilemeyen postback’ler',
      'Postback kuralları',
      'Promosyon kodları',
      'Derin bağlantılar',
      'İzleme',
      'API',
      'Entegrasyonlar',
      'Marka formülleri',
      'Operatör postback’i',
      'Döviz kurları',
      'Webhookler',
      'Webhook kaydı',
      'Teslim edilemeyen webhook’lar',
    ])
    await page.getByText(`Hoş geldiniz: ${DEMO_ORG}`).waitFor()
    await screenshot('language-tr')

    await switchLanguage('Türkçe', 'Português')
    await mainMenu('Navegação principal').getByRole('menuitem', { name: 'Painel' }).waitFor()
    await expect(entryNames(mainMenu('Navegação principal'))).resolves.toEqual([
      'Painel',
      'Clientes',
      'Atividade',
      'Comissões',
      'Resumo de pagamentos',
      'Saldo negativo',
      'Indicação',
      'Períodos de comissão',
      'Cliques',
      'Organização',
      'Marcas',
      'Produtos',
      'Campanhas',
      'Afiliados',
      'Grupos de afiliados',
      'Afiliados indicados',
      'Mídias',
      'Postbacks',
      'Log de postbacks',
      'Postbacks não entregues',
      'Regras de postback',
      'Códigos promocionais',
      'Deep links',
      'Rastreamento',
      'API',
      'Integrações',
      'Fórmulas das marcas',
      'Postback do operador',
      'Taxas de câmbio',
      'Webhooks',
      'Log de webhooks',
      'Webhooks não entregues',
    ])
    await page.getByText(`Bem-vindo a ${DEMO_ORG}`).waitFor()
    // The choice is kept across a reload.
    await page.reload()
    await mainMenu('Navegação principal').getByRole('menuitem', { name: 'Marcas', exact: true }).waitFor()
    await screenshot('language-pt')

    await switchLanguage('Português', 'English')
    await mainMenu().getByRole('menuitem', { name: 'Dashboard' }).waitFor()
  })

  it('raised no uncaught error in the page', () => {
    expect(pageErrors.join('\n')).toBe('')
  })
})
