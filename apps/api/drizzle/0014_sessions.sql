-- Issue 12 (hardening), authentication.
-- sessions: one row per access token (its `jti`). Logout deletes the row, 'log out everywhere'
-- deletes all of a user's rows; a token whose row is gone no longer authenticates.
CREATE TABLE IF NOT EXISTS "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_user_id_idx" ON "sessions" USING btree ("user_id");
--> statement-breakpoint
-- login_throttles: failed logins per account-and-address, per address and per account, with a
-- growing delay once a scope's free failures are used up (see modules/auth/login-throttle.ts).
CREATE TABLE IF NOT EXISTS "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"account" text,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"forget_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_throttles_account_idx" ON "login_throttles" USING btree ("account");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_throttles_forget_at_idx" ON "login_throttles" USING btree ("forget_at");
--> statement-breakpoint
-- used_google_nonces: nonces of Google ID tokens already used to sign in (each works once).
CREATE TABLE IF NOT EXISTS "used_google_nonces" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "used_google_nonces_expires_at_idx" ON "used_google_nonces" USING btree ("expires_at");
