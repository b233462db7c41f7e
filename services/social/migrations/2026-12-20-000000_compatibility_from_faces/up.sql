-- Compatibilities stored before this migration name the friend's year, month, day and hour pillars
-- (enough to work out a birth date). They go, and every one becomes due at once: the worker
-- computes each again from the two charts' faces (day master and favourable element) only.
UPDATE friendships
SET compatibility_status = 'pending',
    compatibility_score = NULL,
    compatibility_analysis = NULL,
    compatibility_computed_at = NULL,
    compatibility_version = compatibility_version + 1,
    compatibility_attempts = 0,
    compatibility_due_at = now()
WHERE status = 'accepted'
  AND compatibility_status IS NOT NULL
  AND compatibility_status <> 'unavailable';
