-- Rate-limit counters are not worth a disk flush: a student's ask commits one counter upsert, and
-- as a logged table each commit waited for its WAL to reach the disk (about 1 ms of an ask's 10 on
-- the bench machine). Unlogged, a commit that writes only counters does not wait. After a crash
-- PostgreSQL empties an unlogged table: every window starts again, which costs a flood at most one
-- window's allowance more; replicas do not have the counters (limits are counted on the primary).
ALTER TABLE rate_limits SET UNLOGGED;
