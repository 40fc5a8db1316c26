import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Players (customers) of a brand, their activity and its revisions, conversions (registration,
 * FTD, deposit and cumulative-deposit events with their cap decision), reassignments and the
 * customer timeline (COMMISSIONS §2, §3, §9).
 *
 * Volumes: millions of activity rows per organisation, written in batches of up to 10,000.
 * The hot tables (activity, conversions, revisions) carry no foreign keys: each key check
 * would take a FOR KEY SHARE row lock on the customer or organisation row of every row of a
 * batch (the click table dropped its organisation key for the same reason); the ingest
 * service resolves every customer inside the writing transaction, and organisations and
 * customers are never hard-deleted. Activity is not range-partitioned: its idempotency key
 * (txn_id, or customer + date) must stay unique across dates, which a partition key would
 * break; btree indexes on date and (affiliate, date), and the customer's (customer, date) key,
 * serve the lists and the commission engine.
 */
const AMOUNTS = [
  'deposits',
  'ftd_amount',
  'withdrawals',
  'bets',
  'wins',
  'bonuses',
  'chargebacks',
  'fees',
  'jackpot',
  'adjustments',
]

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE TABLE customers (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        brand_id integer NOT NULL,
        cuid varchar(100) NOT NULL,
        cu_name varchar(350),
        email varchar(254),
        ip varchar(64),
        registered_at timestamptz NOT NULL,
        registered_on date NOT NULL,
        currency char(3),
        country char(2),
        cid varchar(64),
        coupon varchar(64),
        ${Array.from({ length: 9 }, (_, i) => `b${i + 1} varchar(255)`).join(',\n        ')},
        requested_campaign_id integer,
        requested_pub_id integer,
        campaign_id integer,
        affiliate_id integer,
        attribution_source varchar(12) NOT NULL CHECK (attribution_source IN ('click', 'promo_code', 'explicit', 'none')),
        attribution_click_id uuid,
        attribution_promo_code_id integer,
        attribution_failures jsonb NOT NULL DEFAULT '[]',
        status varchar(8) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'fraud')),
        fraud_marked_at timestamptz,
        fraud_marked_by integer,
        fraud_reason varchar(350),
        ftd_activity_id bigint,
        ftd_date date,
        source varchar(10) NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- cuid before brand: activity names a customer by cuid alone, and this serves that lookup.
        CONSTRAINT customers_cuid_unique UNIQUE (organization_id, cuid, brand_id)
      )
    `)
    // Campaign and affiliate ids are unique across organisations, so those indexes need no
    // organisation prefix; keeping the unique key the only index that starts with it also keeps
    // the ingest's lookups on it even before PostgreSQL has statistics of a fresh table.
    this.schema.raw('CREATE INDEX customers_registered ON customers (registered_at)')
    this.schema.raw('CREATE INDEX customers_campaign ON customers (campaign_id, registered_at)')
    this.schema.raw('CREATE INDEX customers_affiliate ON customers (affiliate_id, registered_at)')

    this.schema.raw(`
      CREATE TABLE customer_activity (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL,
        customer_id bigint NOT NULL,
        brand_id integer NOT NULL,
        campaign_id integer,
        affiliate_id integer,
        date date NOT NULL,
        txn_id varchar(100),
        currency char(3) NOT NULL,
        ${AMOUNTS.map((column) => `${column} numeric(20, 6) NOT NULL DEFAULT 0`).join(',\n        ')},
        deposit_count integer NOT NULL DEFAULT 0 CHECK (deposit_count >= 0),
        bet_count integer NOT NULL DEFAULT 0 CHECK (bet_count >= 0),
        ftd boolean NOT NULL DEFAULT false,
        is_ftd boolean NOT NULL DEFAULT false,
        fraud boolean NOT NULL DEFAULT false,
        version integer NOT NULL DEFAULT 1,
        source varchar(10) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `)
    // The idempotency keys (COMMISSIONS §3): txn_id per brand; else one daily row per customer and
    // date (NULLS NOT DISTINCT: the row without txn_id is unique per day). The second also serves
    // a customer's activity by date. Five indexes in all (each costs every insert of a batch);
    // as for customers, only the txn key starts with the organisation.
    this.schema.raw(
      'CREATE UNIQUE INDEX customer_activity_txn ON customer_activity (organization_id, brand_id, txn_id) WHERE txn_id IS NOT NULL'
    )
    this.schema.raw(
      'CREATE UNIQUE INDEX customer_activity_key ON customer_activity (customer_id, date, txn_id) NULLS NOT DISTINCT'
    )
    this.schema.raw('CREATE INDEX customer_activity_date ON customer_activity (date)')
    this.schema.raw('CREATE INDEX customer_activity_affiliate ON customer_activity (affiliate_id, date)')

    this.schema.raw(`
      CREATE TABLE customer_activity_revisions (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL,
        activity_id bigint NOT NULL,
        version integer NOT NULL,
        "values" jsonb NOT NULL,
        source varchar(10) NOT NULL,
        replaced_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT customer_activity_revisions_unique UNIQUE (activity_id, version)
      )
    `)

    this.schema.raw(`
      CREATE TABLE customer_conversions (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL,
        customer_id bigint NOT NULL,
        brand_id integer NOT NULL,
        campaign_id integer,
        affiliate_id integer,
        type varchar(12) NOT NULL CHECK (type IN ('registration', 'ftd', 'deposit', 'c_deposit')),
        activity_id bigint,
        date date NOT NULL,
        occurred_at timestamptz NOT NULL,
        amount numeric(20, 6),
        currency char(3),
        deposit_count integer,
        click_id uuid,
        cap_status varchar(8) NOT NULL DEFAULT 'none' CHECK (cap_status IN ('none', 'counted', 'denied')),
        cap_id integer,
        cap_action varchar(20),
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `)
    // Each event once: one registration, FTD and cumulative deposit per customer, one deposit per activity row.
    this.schema.raw(
      "CREATE UNIQUE INDEX customer_conversions_once ON customer_conversions (customer_id, type) WHERE type IN ('registration', 'ftd', 'c_deposit')"
    )
    this.schema.raw(
      "CREATE UNIQUE INDEX customer_conversions_activity ON customer_conversions (activity_id, type) WHERE type IN ('ftd', 'deposit')"
    )
    this.schema.raw('CREATE INDEX customer_conversions_date ON customer_conversions (date)')
    this.schema.raw('CREATE INDEX customer_conversions_affiliate ON customer_conversions (affiliate_id, date)')

    this.schema.raw(`
      CREATE TABLE customer_reassignments (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        campaign_id integer NOT NULL,
        from_affiliate_id integer,
        to_affiliate_id integer NOT NULL,
        effective_date date NOT NULL,
        reason varchar(350) NOT NULL,
        actor_id integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `)
    this.schema.raw(
      'CREATE INDEX customer_reassignments_customer ON customer_reassignments (customer_id, effective_date)'
    )
    this.schema.raw(
      'CREATE INDEX customer_reassignments_to ON customer_reassignments (organization_id, to_affiliate_id)'
    )

    // The customer's audit trail: fraud marks, reassignments, FTD decisions.
    this.schema.raw(`
      CREATE TABLE customer_events (
        id bigserial PRIMARY KEY,
        organization_id integer NOT NULL,
        customer_id bigint NOT NULL,
        kind varchar(24) NOT NULL,
        actor_id integer,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `)
    this.schema.raw('CREATE INDEX customer_events_customer ON customer_events (customer_id, id)')
  }

  async down() {
    for (const table of [
      'customer_events',
      'customer_reassignments',
      'customer_conversions',
      'customer_activity_revisions',
      'customer_activity',
      'customers',
    ]) {
      this.schema.raw(`DROP TABLE IF EXISTS ${table} CASCADE`)
    }
  }
}
