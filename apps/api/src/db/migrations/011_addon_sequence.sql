-- Each add-on class of a season is the n-th of that teacher's season, recorded once: concurrent
-- purchases of the same add-on (a double click, a retry, parallel requests) collapse into one
-- payment, and the season's add-ons can never pass the cap the purchase checked.
ALTER TABLE payments ADD COLUMN addon_seq integer CHECK (addon_seq > 0);

UPDATE payments p SET addon_seq = n.seq
FROM (
  SELECT id, row_number() OVER (PARTITION BY user_id, season_name ORDER BY created_at, id) AS seq
  FROM payments
  WHERE kind = 'addon' AND status IN ('succeeded', 'not_charged')
) n
WHERE p.id = n.id;

CREATE UNIQUE INDEX payments_addon_seq_key ON payments (user_id, season_name, addon_seq)
  WHERE addon_seq IS NOT NULL;
