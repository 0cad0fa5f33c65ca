CREATE TABLE "sso_login_requests" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"nonce" varchar(100) NOT NULL,
	"code_verifier" varchar(200) NOT NULL,
	"return_to" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sessions" (
	"session_id" varchar(64) PRIMARY KEY NOT NULL,
	"id_token" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"issuer" varchar(500) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD CONSTRAINT "sso_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_login_requests_expires_idx" ON "sso_login_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_user_issuer_unique" ON "user_identities" USING btree ("user_id","issuer");--> statement-breakpoint
-- hand-written:
-- External logins sign in only through the identity provider: a portal password they may still hold is dropped.
UPDATE "users" SET "password_hash" = NULL WHERE "is_external_login";
