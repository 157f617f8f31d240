-- Issue 27: a session's last activity is always the app's clock (src/server/db/session-writes.ts is
-- its one writer), so an insert that forgets it fails instead of taking the database's clock.
ALTER TABLE "sessions" ALTER COLUMN "last_activity" DROP DEFAULT;