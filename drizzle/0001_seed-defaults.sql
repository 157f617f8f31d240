-- Defaults of spec §3 and §9, seeded idempotently: re-running never overwrites an admin's edits.
INSERT INTO "pain_points" ("id", "name", "description", "sort_order") VALUES
  ('uv-privacy', 'UV / Privacy / Heat & Glare', 'Block UV, keep rooms private and cut heat and glare', 1),
  ('thermal', 'Winter Thermal Insulation', 'Keep the warmth in during winter', 2),
  ('security', 'Security and Safety', 'Hold glass together and deter break-ins', 3)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "booking_options" ("id", "label", "description", "duration_minutes", "sort_order") VALUES
  ('estimate', 'Get an Estimate', 'Price Estimation from Measurements', 30, 1),
  ('consultation', 'Book Consultation', 'Phone / Onsite Booking', 30, 2)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "pricing" ("pain_point_name", "price_per_sqm_cents", "description") VALUES
  ('uv-privacy', 4500, 'Standard tint'),
  ('thermal', 4500, 'Standard tint'),
  ('security', 4500, 'Standard tint')
ON CONFLICT ("pain_point_name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "settings" ("key", "value", "category", "description") VALUES
  ('calendar_view_enabled', 'true', 'toggles', 'Show the calendar on the booking step'),
  ('promo_codes_enabled', 'true', 'toggles', 'Accept promo codes and show promo banners'),
  ('seasonal_promotions_enabled', 'true', 'toggles', 'Run seasonal promotions'),
  ('form_webhook_enabled', 'false', 'toggles', 'Send the form-completion webhook'),
  ('business_name', '"Your Business Name"', 'business', 'Shown in the header and messages'),
  ('contact_email', '"bookings@example.com"', 'business', 'Shown in the help dialog'),
  -- (03) 5550 xxxx is reserved by ACMA for fictitious use: a neutral placeholder
  ('contact_phone', '"(03) 5550 0000"', 'business', 'Shown in the help dialog'),
  ('base_address', '{"address":"Melbourne VIC 3000","lat":-37.8136,"lng":144.9631}', 'business', 'Where travel is measured from'),
  ('travel_hourly_rate_cents', '5200', 'pricing', 'Travel charge per hour of round-trip driving'),
  ('glass_minimum_threshold', '4', 'pricing', 'Jobs with fewer panes are priced as this many'),
  ('onsite_glass_threshold', '5', 'pricing', 'Panes needed for an onsite consultation'),
  ('onsite_restriction_enabled', 'true', 'pricing', 'Offer onsite consultations only from the threshold'),
  ('cutoff_hour', '16', 'booking_rules', 'Same-day bookings close at this hour'),
  ('same_day_lead_time', '1', 'booking_rules', 'Hours of notice for a same-day booking'),
  ('next_day_lead_time', '2', 'booking_rules', 'Hours after the first slot for next-day bookings after the cutoff'),
  ('allow_weekends', 'false', 'booking_rules', 'Offer Saturday and Sunday slots'),
  ('timezone', '"Australia/Melbourne"', 'booking_rules', 'Time zone of the booking rules'),
  ('first_slot', '"08:00"', 'booking_rules', 'Start of the first slot of the day'),
  ('slots_per_day', '16', 'booking_rules', 'Slots offered each day'),
  ('slot_minutes', '30', 'booking_rules', 'Length of each slot'),
  ('blackout_dates', '[]', 'booking_rules', 'Dates closed for bookings (YYYY-MM-DD)'),
  ('booking_staff', '[{"id":"staff-1","name":"Consultant"}]', 'booking_rules', 'Staff members who take bookings')
ON CONFLICT ("key") DO NOTHING;
