CREATE OR REPLACE FUNCTION public.dashboard_lead_apply(l leads, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_shard smallint := dashboard_shard();
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
    sign * (l.first_staff_action_at IS NOT NULL)::int, v_shard)
  ON CONFLICT (day, source, medium, campaign, family, shard) DO UPDATE SET
    leads = r.leads + excluded.leads, details = r.details + excluded.details,
    estimate = r.estimate + excluded.estimate, booked = r.booked + excluded.booked,
    won = r.won + excluded.won, priced = r.priced + excluded.priced,
    price_total = r.price_total + excluded.price_total,
    booked_priced = r.booked_priced + excluded.booked_priced,
    booked_total = r.booked_total + excluded.booked_total, acted_on = r.acted_on + excluded.acted_on;
  IF sign < 0 THEN
    DELETE FROM dashboard_lead_days r WHERE r.day = v_day AND r.source = v_source
      AND r.medium = v_medium AND r.campaign = v_campaign AND r.family = v_family
      AND r.shard = v_shard AND r.leads = 0 AND r.details = 0 AND r.estimate = 0
      AND r.booked = 0 AND r.won = 0 AND r.priced = 0 AND r.price_total = 0
      AND r.booked_priced = 0 AND r.booked_total = 0 AND r.acted_on = 0;
  END IF;

  IF v_price IS NOT NULL AND v_pain IS NOT NULL THEN
    INSERT INTO dashboard_concern_days AS r VALUES (v_day, v_pain, sign, sign * v_price, v_shard)
    ON CONFLICT (day, pain_point, shard) DO UPDATE SET count = r.count + excluded.count,
      total = r.total + excluded.total;
    IF sign < 0 THEN
      DELETE FROM dashboard_concern_days r WHERE r.day = v_day AND r.pain_point = v_pain
        AND r.shard = v_shard AND r.count = 0 AND r.total = 0;
    END IF;
  END IF;

  IF v_code IS NOT NULL THEN
    INSERT INTO dashboard_promo_days AS r
    VALUES (v_day, v_code, sign, sign * v_booked::int, sign * v_discount, v_shard)
    ON CONFLICT (day, code, shard) DO UPDATE SET uses = r.uses + excluded.uses,
      booked = r.booked + excluded.booked, discount = r.discount + excluded.discount;
    IF sign < 0 THEN
      DELETE FROM dashboard_promo_days r WHERE r.day = v_day AND r.code = v_code
        AND r.shard = v_shard AND r.uses = 0 AND r.booked = 0 AND r.discount = 0;
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
$function$
