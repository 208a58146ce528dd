-- Rate-limit counters are fixed one-minute/one-hour windows: losing them in a crash only resets
-- the windows, so they skip the write-ahead log (no flush to disk on every public query or login).
ALTER TABLE "rate_limit" SET UNLOGGED;
