CREATE OR REPLACE FUNCTION public.lead_search_words(first_name text, last_name text, email text, suburb text, phone_digits text)
 RETURNS TABLE(kind text, term text)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT DISTINCT t.kind, t.term FROM (
    SELECT 'word', lower(v) FROM unnest(ARRAY[first_name, last_name, email, suburb]) v
    UNION ALL
    SELECT 'word', w FROM unnest(ARRAY[first_name, last_name, suburb]) v,
      regexp_split_to_table(lower(v), '[\s-]+') w
    UNION ALL
    -- after each '.', '_', '+' or '-' of the local part, and after the '@'
    SELECT 'word', substr(lower(email), p + 1)
    FROM generate_series(1, strpos(email, '@')) p
    WHERE substr(email, p, 1) IN ('.', '_', '+', '-', '@')
    UNION ALL
    SELECT 'phone', phone_digits
    UNION ALL
    SELECT 'phone_tail', reverse(phone_digits)
  ) t(kind, term)
  WHERE t.term <> '';
$function$
