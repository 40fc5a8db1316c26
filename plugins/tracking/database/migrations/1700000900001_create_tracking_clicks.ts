import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every click (ARCHITECTURE §4, §6), partitioned by month on created_at. A DEFAULT
 * partition catches anything outside the created months so an insert never fails for want
 * of a partition; `tracking_ensure_click_partitions(n)` (run here and by the daily
 * `tracking:partitions` job) creates this month and the next n. Click ids are UUIDv7 and
 * created_at is the id's own millisecond, so the (click_id, created_at) key — PostgreSQL
 * requires the partition column in a unique key — is unique per click id.
 * organization_id is null only for clicks at an unknown campaign (no tenant to own them).
 * It has no foreign key on purpose: the per-row key check takes a FOR KEY SHARE lock on the
 * one organizations row that every concurrent click batch of a tenant shares, on the hottest
 * insert of the product; clicks are a log, and organisations are never hard-deleted.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE TABLE tracking_clicks (
        click_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        organization_id integer,
        campaign_id integer,
        brand_id integer,
        affiliate_id integer,
        outcome varchar(10) NOT NULL CHECK (outcome IN ('redirect', 'fallback', 'rejected')),
        reason varchar(24),
        ip varchar(64) NOT NULL,
        country varchar(2),
        device varchar(32),
        os varchar(64),
        browser varchar(64),
        language varchar(16),
        user_agent text,
        referrer text,
        source text,
        params jsonb,
        deep_link_id integer,
        deep_link_url text,
        url_ignored boolean NOT NULL DEFAULT false,
        destination text,
        fraud_action varchar(8),
        fraud jsonb,
        PRIMARY KEY (click_id, created_at)
      ) PARTITION BY RANGE (created_at)
    `)
    this.schema.raw('CREATE TABLE tracking_clicks_default PARTITION OF tracking_clicks DEFAULT')
    this.schema.raw('CREATE INDEX tracking_clicks_org_created ON tracking_clicks (organization_id, created_at)')
    this.schema.raw(
      'CREATE INDEX tracking_clicks_org_campaign ON tracking_clicks (organization_id, campaign_id, created_at)'
    )
    this.schema.raw(
      'CREATE INDEX tracking_clicks_org_affiliate ON tracking_clicks (organization_id, affiliate_id, created_at)'
    )
    this.schema.raw(`
      CREATE FUNCTION tracking_ensure_click_partitions(months_ahead integer) RETURNS integer
      LANGUAGE plpgsql AS $$
      DECLARE
        first_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
        month_start date;
        partition_name text;
        created integer := 0;
      BEGIN
        FOR i IN 0..months_ahead LOOP
          month_start := (first_month + make_interval(months => i))::date;
          partition_name := 'tracking_clicks_' || to_char(month_start, 'YYYYMM');
          IF to_regclass(partition_name) IS NULL THEN
            EXECUTE format(
              'CREATE TABLE %I PARTITION OF tracking_clicks FOR VALUES FROM (%L) TO (%L)',
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
    this.schema.raw('SELECT tracking_ensure_click_partitions(1)')
  }

  async down() {
    this.schema.raw('DROP TABLE IF EXISTS tracking_clicks CASCADE')
    this.schema.raw('DROP FUNCTION IF EXISTS tracking_ensure_click_partitions(integer)')
  }
}
