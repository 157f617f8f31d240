-- ADR 027: the dashboard reads daily roll-ups kept by triggers in the writing transaction, so a
-- range of days reads at most one row per day and group instead of every lead, session and booking.
-- Every counted value comes from one function per table (dashboard_*_apply), used by the triggers
-- (old row out, new row in) and by dashboard_rollups_rebuild (all rows in), so both agree.

-- The lead's click id family (src/shared/attribution): its first attribution capture's family
-- (by lead, then by session), else its own landing page, tags and referrer by the same rules.
CREATE FUNCTION dashboard_click_family(p_id uuid, p_session uuid, p_landing text, p_referrer text,
  p_utm_source text, p_utm_medium text, p_utm_campaign text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT u.family FROM utm_captures u WHERE u.lead_id = p_id AND u.family IS NOT NULL
      ORDER BY u.created_at LIMIT 1),
    (SELECT u.family FROM utm_captures u WHERE u.session_id = p_session AND u.family IS NOT NULL
      ORDER BY u.created_at LIMIT 1),
    CASE
      WHEN p_landing ~ '[?&](gclid|gbraid|gbraidid|wbraid|gad_source|gad_campaignid)=[^&#]' THEN 'google_ads'
      WHEN p_landing ~ '[?&]fbclid=[^&#]' THEN 'meta_ads'
      WHEN coalesce(p_utm_source, p_utm_medium, p_utm_campaign) IS NOT NULL THEN 'other_utm'
      WHEN substring(p_referrer FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/:?#]+)') IS NULL THEN 'direct'
      WHEN ('.' || lower(substring(p_referrer FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/:?#]+)')) || '.')
        ~ '[.](google|bing|yahoo|duckduckgo|ecosia|baidu|yandex|search[.]brave)[.]' THEN 'organic'
      WHEN ('.' || lower(substring(p_referrer FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/:?#]+)')) || '.')
        ~ '[.](facebook|fb[.]com|fb[.]me|instagram|t[.]co|twitter|x[.]com|linkedin|lnkd[.]in|pinterest|reddit|tiktok|youtube|threads|snapchat|whatsapp)[.]' THEN 'social'
      ELSE 'referral'
    END);
$$;
--> statement-breakpoint
ALTER TABLE leads ADD COLUMN click_family text;
--> statement-breakpoint
CREATE FUNCTION leads_set_click_family() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.click_family := dashboard_click_family(NEW.id, NEW.session_id, NEW.landing_page, NEW.referrer,
    NEW.utm_source, NEW.utm_medium, NEW.utm_campaign);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_click_family BEFORE INSERT OR UPDATE OF id, session_id, landing_page, referrer,
  utm_source, utm_medium, utm_campaign ON leads
FOR EACH ROW EXECUTE FUNCTION leads_set_click_family();
--> statement-breakpoint
-- a capture added, linked, moved or removed changes the family of the leads it belongs to
CREATE FUNCTION utm_captures_set_click_family() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads l SET click_family = f.family
  FROM (SELECT l2.id, dashboard_click_family(l2.id, l2.session_id, l2.landing_page, l2.referrer,
      l2.utm_source, l2.utm_medium, l2.utm_campaign) AS family
    FROM leads l2
    WHERE l2.id IN (OLD.lead_id, NEW.lead_id) OR l2.session_id IN (OLD.session_id, NEW.session_id)) f
  WHERE l.id = f.id AND l.click_family IS DISTINCT FROM f.family;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER utm_captures_click_family AFTER INSERT OR DELETE OR UPDATE OF lead_id, session_id,
  family, created_at ON utm_captures
FOR EACH ROW EXECUTE FUNCTION utm_captures_set_click_family();
--> statement-breakpoint
UPDATE leads SET click_family = dashboard_click_family(id, session_id, landing_page, referrer,
  utm_source, utm_medium, utm_campaign);
--> statement-breakpoint
-- The time zone the days are counted in; the dashboard rebuilds when the setting differs.
CREATE TABLE dashboard_rollup_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  timezone text NOT NULL
);
--> statement-breakpoint
INSERT INTO dashboard_rollup_state (timezone)
SELECT coalesce((SELECT value #>> '{}' FROM settings WHERE key = 'timezone'), 'Australia/Melbourne');
--> statement-breakpoint
CREATE FUNCTION dashboard_day(at timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE (SELECT timezone FROM dashboard_rollup_state))::date;
$$;
--> statement-breakpoint
-- Leads created per day, by source, medium, campaign ('' for none) and click id family, with how
-- far they got (lead-conditions.ts), their estimates and whether staff acted on them yet.
CREATE TABLE dashboard_lead_days (
  day date NOT NULL,
  source text NOT NULL,
  medium text NOT NULL,
  campaign text NOT NULL,
  family text NOT NULL,
  leads integer NOT NULL,
  details integer NOT NULL,
  estimate integer NOT NULL,
  booked integer NOT NULL,
  won integer NOT NULL,
  priced integer NOT NULL,
  price_total numeric NOT NULL,
  booked_priced integer NOT NULL,
  booked_total numeric NOT NULL,
  acted_on integer NOT NULL,
  PRIMARY KEY (day, source, medium, campaign, family)
);
--> statement-breakpoint
-- Estimates given per day and concern (leads with both an estimate and a pain point).
CREATE TABLE dashboard_concern_days (
  day date NOT NULL,
  pain_point text NOT NULL,
  count integer NOT NULL,
  total numeric NOT NULL,
  PRIMARY KEY (day, pain_point)
);
--> statement-breakpoint
-- Promo codes on leads per day: uses, booked uses and the discount of the booked ones.
CREATE TABLE dashboard_promo_days (
  day date NOT NULL,
  code text NOT NULL,
  uses integer NOT NULL,
  booked integer NOT NULL,
  discount numeric NOT NULL,
  PRIMARY KEY (day, code)
);
--> statement-breakpoint
-- Speed to lead: every acted-on lead's wait in ms, per day of its creation, so the median of a
-- range is exact (percentile_cont over the same values) from one row per day.
CREATE TABLE dashboard_response_days (
  day date PRIMARY KEY,
  waits float8[] NOT NULL
);
--> statement-breakpoint
-- Visits started per day (sessions that do not replace an expired or completed one).
CREATE TABLE dashboard_visit_days (
  day date PRIMARY KEY,
  visitors integer NOT NULL
);
--> statement-breakpoint
-- Bookings made per day, by kind.
CREATE TABLE dashboard_booking_days (
  day date PRIMARY KEY,
  made integer NOT NULL,
  phone integer NOT NULL,
  onsite integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION dashboard_lead_apply(l leads, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := dashboard_day(l.created_at);
  v_source text := lower(coalesce(l.utm_source, l.source));
  v_medium text := coalesce(lower(coalesce(l.utm_medium, l.medium)), '');
  v_campaign text := coalesce(lower(coalesce(l.utm_campaign, l.campaign)), '');
  v_family text := coalesce(l.click_family, 'direct');
  v_booked boolean := l.stage IN ('booked', 'quoted', 'won') OR l.has_booking;
  v_estimate boolean := l.stage IN ('estimate', 'booked', 'quoted', 'won') OR l.has_booking
    OR (l.data -> 'estimatedPrice') IS NOT NULL;
  v_details boolean := l.stage IN ('details', 'estimate', 'booked', 'quoted', 'won')
    OR l.has_booking OR (l.data -> 'details') IS NOT NULL OR (l.data -> 'estimatedPrice') IS NOT NULL;
  v_price numeric := CASE WHEN jsonb_typeof(l.data -> 'estimatedPrice') = 'number'
    THEN (l.data ->> 'estimatedPrice')::numeric END;
  v_pain text := l.data -> 'details' ->> 'painPoint';
  v_code text := upper(l.data -> 'estimate' -> 'discount' ->> 'code');
  v_discount numeric := CASE WHEN v_booked
    AND jsonb_typeof(l.data -> 'estimate' -> 'discount' -> 'amountCents') = 'number'
    THEN (l.data -> 'estimate' -> 'discount' ->> 'amountCents')::numeric ELSE 0 END;
  v_wait float8 := (extract(epoch FROM (l.first_staff_action_at - l.created_at)) * 1000)::float8;
BEGIN
  INSERT INTO dashboard_lead_days AS r VALUES (v_day, v_source, v_medium, v_campaign, v_family,
    sign, sign * v_details::int, sign * v_estimate::int, sign * v_booked::int,
    sign * (l.stage = 'won')::int, sign * (v_price IS NOT NULL)::int, sign * coalesce(v_price, 0),
    sign * (v_price IS NOT NULL AND v_booked)::int,
    sign * CASE WHEN v_booked THEN coalesce(v_price, 0) ELSE 0 END,
    sign * (l.first_staff_action_at IS NOT NULL)::int)
  ON CONFLICT (day, source, medium, campaign, family) DO UPDATE SET
    leads = r.leads + excluded.leads, details = r.details + excluded.details,
    estimate = r.estimate + excluded.estimate, booked = r.booked + excluded.booked,
    won = r.won + excluded.won, priced = r.priced + excluded.priced,
    price_total = r.price_total + excluded.price_total,
    booked_priced = r.booked_priced + excluded.booked_priced,
    booked_total = r.booked_total + excluded.booked_total, acted_on = r.acted_on + excluded.acted_on;
  IF sign < 0 THEN
    DELETE FROM dashboard_lead_days r WHERE r.day = v_day AND r.source = v_source
      AND r.medium = v_medium AND r.campaign = v_campaign AND r.family = v_family AND r.leads = 0;
  END IF;

  IF v_price IS NOT NULL AND v_pain IS NOT NULL THEN
    INSERT INTO dashboard_concern_days AS r VALUES (v_day, v_pain, sign, sign * v_price)
    ON CONFLICT (day, pain_point) DO UPDATE SET count = r.count + excluded.count,
      total = r.total + excluded.total;
    IF sign < 0 THEN
      DELETE FROM dashboard_concern_days r WHERE r.day = v_day AND r.pain_point = v_pain
        AND r.count = 0;
    END IF;
  END IF;

  IF v_code IS NOT NULL THEN
    INSERT INTO dashboard_promo_days AS r
    VALUES (v_day, v_code, sign, sign * v_booked::int, sign * v_discount)
    ON CONFLICT (day, code) DO UPDATE SET uses = r.uses + excluded.uses,
      booked = r.booked + excluded.booked, discount = r.discount + excluded.discount;
    IF sign < 0 THEN
      DELETE FROM dashboard_promo_days r WHERE r.day = v_day AND r.code = v_code AND r.uses = 0;
    END IF;
  END IF;

  IF v_wait IS NOT NULL THEN
    IF sign > 0 THEN
      INSERT INTO dashboard_response_days AS r VALUES (v_day, ARRAY[v_wait])
      ON CONFLICT (day) DO UPDATE SET waits = r.waits || excluded.waits;
    ELSE
      -- one statement, so a concurrent change to the same day is re-read before removing
      UPDATE dashboard_response_days r
        SET waits = r.waits[:array_position(r.waits, v_wait) - 1]
          || r.waits[array_position(r.waits, v_wait) + 1:]
        WHERE r.day = v_day;
      DELETE FROM dashboard_response_days r WHERE r.day = v_day AND cardinality(r.waits) = 0;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION leads_dashboard_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM dashboard_lead_apply(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM dashboard_lead_apply(NEW, 1); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_dashboard_rollup_insert_delete AFTER INSERT OR DELETE ON leads
FOR EACH ROW EXECUTE FUNCTION leads_dashboard_rollup();
--> statement-breakpoint
-- only a change to what is counted moves a lead between roll-up rows
CREATE TRIGGER leads_dashboard_rollup_update AFTER UPDATE ON leads
FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.source IS DISTINCT FROM NEW.source OR OLD.medium IS DISTINCT FROM NEW.medium
  OR OLD.campaign IS DISTINCT FROM NEW.campaign OR OLD.utm_source IS DISTINCT FROM NEW.utm_source
  OR OLD.utm_medium IS DISTINCT FROM NEW.utm_medium
  OR OLD.utm_campaign IS DISTINCT FROM NEW.utm_campaign
  OR OLD.click_family IS DISTINCT FROM NEW.click_family OR OLD.stage IS DISTINCT FROM NEW.stage
  OR OLD.has_booking IS DISTINCT FROM NEW.has_booking
  OR OLD.first_staff_action_at IS DISTINCT FROM NEW.first_staff_action_at
  OR OLD.data IS DISTINCT FROM NEW.data)
EXECUTE FUNCTION leads_dashboard_rollup();
--> statement-breakpoint
CREATE FUNCTION dashboard_visit_apply(s sessions, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := dashboard_day(s.created_at);
BEGIN
  IF s.previous_session_id IS NOT NULL OR s.previous_booking_session_id IS NOT NULL THEN
    RETURN;
  END IF;
  INSERT INTO dashboard_visit_days AS r VALUES (v_day, sign)
  ON CONFLICT (day) DO UPDATE SET visitors = r.visitors + excluded.visitors;
  IF sign < 0 THEN
    DELETE FROM dashboard_visit_days r WHERE r.day = v_day AND r.visitors = 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sessions_dashboard_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM dashboard_visit_apply(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM dashboard_visit_apply(NEW, 1); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_dashboard_rollup AFTER INSERT OR DELETE
  OR UPDATE OF created_at, previous_session_id, previous_booking_session_id ON sessions
FOR EACH ROW EXECUTE FUNCTION sessions_dashboard_rollup();
--> statement-breakpoint
CREATE FUNCTION dashboard_booking_apply(b bookings, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := dashboard_day(b.created_at);
BEGIN
  INSERT INTO dashboard_booking_days AS r VALUES (v_day, sign,
    sign * (b.service_type = 'phone')::int, sign * (b.service_type = 'onsite')::int)
  ON CONFLICT (day) DO UPDATE SET made = r.made + excluded.made, phone = r.phone + excluded.phone,
    onsite = r.onsite + excluded.onsite;
  IF sign < 0 THEN
    DELETE FROM dashboard_booking_days r WHERE r.day = v_day AND r.made = 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_dashboard_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM dashboard_booking_apply(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM dashboard_booking_apply(NEW, 1); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_dashboard_rollup AFTER INSERT OR DELETE
  OR UPDATE OF created_at, service_type ON bookings
FOR EACH ROW EXECUTE FUNCTION bookings_dashboard_rollup();
--> statement-breakpoint
-- Everything again from the rows, in the given time zone: on a change of the time-zone setting
-- (the dashboard calls it), and by the tests to check the triggers kept the same figures.
CREATE FUNCTION dashboard_rollups_rebuild(tz text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE dashboard_rollup_state, dashboard_lead_days, dashboard_concern_days,
    dashboard_promo_days, dashboard_response_days, dashboard_visit_days, dashboard_booking_days
    IN ACCESS EXCLUSIVE MODE;
  UPDATE dashboard_rollup_state SET timezone = tz;
  DELETE FROM dashboard_lead_days;
  DELETE FROM dashboard_concern_days;
  DELETE FROM dashboard_promo_days;
  DELETE FROM dashboard_response_days;
  DELETE FROM dashboard_visit_days;
  DELETE FROM dashboard_booking_days;
  PERFORM dashboard_lead_apply(l, 1) FROM leads l;
  PERFORM dashboard_visit_apply(s, 1) FROM sessions s;
  PERFORM dashboard_booking_apply(b, 1) FROM bookings b;
END;
$$;
--> statement-breakpoint
SELECT dashboard_rollups_rebuild(timezone) FROM dashboard_rollup_state;
--> statement-breakpoint
-- no-shows are counted by their appointment's start
CREATE INDEX bookings_no_show_start_idx ON bookings (start_time) WHERE status = 'no_show';
