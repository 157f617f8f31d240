CREATE OR REPLACE FUNCTION public.dashboard_click_family(p_id uuid, p_session uuid, p_landing text, p_referrer text, p_utm_source text, p_utm_medium text, p_utm_campaign text)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
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
$function$
