import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * FX rates (COMMISSIONS §5: the organisation's daily rates, one per direction and date), the
 * operator postback secret (stored as a SHA-256 hash: it is 256 random bits, shown once), and
 * the inbound postback log. The log is append-only and large, so it is partitioned by month
 * like the click table (a DEFAULT partition catches the rest; `customers_ensure_postback_log_partitions(n)`
 * creates this month and the next n, here and daily).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE TABLE fx_rates (
        organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        from_currency char(3) NOT NULL,
        to_currency char(3) NOT NULL,
        date date NOT NULL,
        rate numeric(24, 10) NOT NULL CHECK (rate > 0),
        updated_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, from_currency, to_currency, date),
        CHECK (from_currency <> to_currency)
      )
    `)
    this.schema.raw('CREATE INDEX fx_rates_org_date ON fx_rates (organization_id, date)')

    this.schema.raw(`
      CREATE TABLE customer_postback_secrets (
        organization_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        secret_hash char(64) NOT NULL UNIQUE,
        secret_hint varchar(8) NOT NULL,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        rotated_at timestamptz
      )
    `)

    this.schema.raw(`
      CREATE TABLE customer_postback_log (
        id bigserial NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        organization_id integer NOT NULL,
        source_ip varchar(64) NOT NULL,
        method varchar(4) NOT NULL,
        event varchar(16),
        params jsonb NOT NULL,
        outcome varchar(10) NOT NULL CHECK (outcome IN ('created', 'updated', 'duplicate', 'error')),
        status smallint NOT NULL,
        message text,
        cuid varchar(100),
        txn_id varchar(100),
        customer_id bigint,
        activity_id bigint,
        PRIMARY KEY (id, received_at)
      ) PARTITION BY RANGE (received_at)
    `)
    this.schema.raw('CREATE TABLE customer_postback_log_default PARTITION OF customer_postback_log DEFAULT')
    this.schema.raw('CREATE INDEX customer_postback_log_org ON customer_postback_log (organization_id, received_at)')
    this.schema.raw('CREATE INDEX customer_postback_log_cuid ON customer_postback_log (organization_id, cuid)')
    this.schema.raw(`
      CREATE FUNCTION customers_ensure_postback_log_partitions(months_ahead integer) RETURNS integer
      LANGUAGE plpgsql AS $$
      DECLARE
        first_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
        month_start date;
        partition_name text;
        created integer := 0;
      BEGIN
        FOR i IN 0..months_ahead LOOP
          month_start := (first_month + make_interval(months => i))::date;
          partition_name := 'customer_postback_log_' || to_char(month_start, 'YYYYMM');
          IF to_regclass(partition_name) IS NULL THEN
            EXECUTE format(
              'CREATE TABLE %I PARTITION OF customer_postback_log FOR VALUES FROM (%L) TO (%L)',
              partition_name,
              (month_start::timestamp AT TIME ZONE 'UTC'),
              ((month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC')
            );
            created := created + 1;
          END IF;
        END LOOP;
        RETURN created;
      END $$
    `)
    this.schema.raw('SELECT customers_ensure_postback_log_partitions(1)')
  }

  async down() {
    this.schema.raw('DROP TABLE IF EXISTS customer_postback_log CASCADE')
    this.schema.raw('DROP FUNCTION IF EXISTS customers_ensure_postback_log_partitions(integer)')
    this.schema.raw('DROP TABLE IF EXISTS customer_postback_secrets')
    this.schema.raw('DROP TABLE IF EXISTS fx_rates')
  }
}
