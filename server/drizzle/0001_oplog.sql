CREATE TABLE "sys_oplog" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" text,
	"user_type" smallint,
	"ip" text,
	"user_agent" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"module" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"status" integer NOT NULL,
	"code" text,
	"duration_ms" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_oplog_created_idx" ON "sys_oplog" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sys_oplog_module_idx" ON "sys_oplog" USING btree ("module");