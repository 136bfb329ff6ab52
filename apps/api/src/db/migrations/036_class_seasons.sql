-- A class counts toward the allowance of its own semester's season (decision 004): a Spring 2027
-- class made in Fall 2026 uses a Spring 2027 slot, not a Fall one. Classes made before were
-- counted in the season they were made in; those with a semester and year move to theirs (a
-- Winter term, in January, is counted in Spring: contracts' classSeasonName). The trial's hidden
-- classes have no semester and keep their 'Trial'.
UPDATE classes SET
  season_name = CASE semester WHEN 'Winter' THEN 'Spring' ELSE semester END || ' ' || year
WHERE semester IS NOT NULL AND year IS NOT NULL;
