CREATE TABLE "base_area_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_area_code_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "base_customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"short_name" text,
	"area_code_id" integer,
	"contact_name" text,
	"contact_mobile" text,
	"contact_email" text,
	"address" text,
	"user_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meet_delegation" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"area_code_id" integer,
	"customer_id" integer,
	"leader_name" text,
	"contact_name" text,
	"contact_mobile" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"review_reason" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_field" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"label_en" text NOT NULL,
	"kind" text NOT NULL,
	"dict_code" text,
	"target" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"pattern" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_field_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "meet_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"gender" text NOT NULL,
	"birth_from" date NOT NULL,
	"birth_to" date NOT NULL,
	"max_events_per_athlete" smallint,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meet_group_field" (
	"group_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "meet_group_field_group_id_field_id_pk" PRIMARY KEY("group_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "meet_group_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"max_per_delegation" smallint,
	"relay_team_size" smallint DEFAULT 4 NOT NULL,
	"relay_alternates" smallint DEFAULT 2 NOT NULL,
	"rounds" jsonb DEFAULT '[{"name":"final"}]'::jsonb NOT NULL,
	"scoring_table" jsonb DEFAULT '[9,7,6,5,4,3,2,1]'::jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"result_format" text NOT NULL,
	"wind_measured" boolean DEFAULT false NOT NULL,
	"uses_lanes" boolean DEFAULT false NOT NULL,
	"relay_legs" smallint,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_item_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "meet_meeting" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"year" smallint NOT NULL,
	"nature_id" integer,
	"venue" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reg_opens_at" timestamp with time zone NOT NULL,
	"reg_closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"age_ref_date" date,
	"max_events_per_athlete" smallint DEFAULT 2 NOT NULL,
	"max_relays_per_athlete" smallint DEFAULT 1 NOT NULL,
	"max_entries_per_item" smallint DEFAULT 2 NOT NULL,
	"max_athletes" integer,
	"max_coaches" integer,
	"lanes" smallint DEFAULT 8 NOT NULL,
	"lane_groups" jsonb,
	"bib_scheme" jsonb,
	"allow_self_registration" boolean DEFAULT false NOT NULL,
	"area_audit_first" boolean DEFAULT false NOT NULL,
	"public_lists" boolean DEFAULT true NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meet_meeting_admin" (
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "meet_meeting_admin_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meet_area_user" (
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"area_code_id" integer NOT NULL,
	CONSTRAINT "meet_area_user_meeting_id_user_id_area_code_id_pk" PRIMARY KEY("meeting_id","user_id","area_code_id")
);
--> statement-breakpoint
CREATE TABLE "meet_meeting_field" (
	"meeting_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "meet_meeting_field_meeting_id_field_id_pk" PRIMARY KEY("meeting_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "meet_meeting_status_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meet_nature" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"remark" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meet_nature_field" (
	"nature_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "meet_nature_field_nature_id_field_id_pk" PRIMARY KEY("nature_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "reg_athlete" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"delegation_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"gender" text NOT NULL,
	"id_type" text DEFAULT '1' NOT NULL,
	"id_number" text NOT NULL,
	"birth_date" date NOT NULL,
	"photo_file_id" text,
	"bib" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"audit_reason" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reg_audit_decision" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"level" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reg_coach" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"delegation_id" integer NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"mobile" text,
	"id_type" text DEFAULT '1' NOT NULL,
	"id_number" text,
	"role" text DEFAULT 'coach' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"audit_reason" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reg_delegation_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"delegation_id" integer NOT NULL,
	"file_id" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reg_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"delegation_id" integer NOT NULL,
	"athlete_id" integer NOT NULL,
	"group_item_id" integer NOT NULL,
	"seed_mark" text,
	"seed_value" numeric(12, 3),
	"seed_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reg_record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reg_relay_member" (
	"relay_team_id" integer NOT NULL,
	"athlete_id" integer NOT NULL,
	"leg" smallint,
	CONSTRAINT "reg_relay_member_relay_team_id_athlete_id_pk" PRIMARY KEY("relay_team_id","athlete_id")
);
--> statement-breakpoint
CREATE TABLE "reg_relay_team" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"delegation_id" integer NOT NULL,
	"group_item_id" integer NOT NULL,
	"letter" text DEFAULT 'A' NOT NULL,
	"seed_mark" text,
	"seed_value" numeric(12, 3),
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_file" (
	"id" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"type" smallint NOT NULL,
	"level" text NOT NULL,
	"target_type" smallint NOT NULL,
	"target_roles" text[] DEFAULT '{}' NOT NULL,
	"target_user_ids" integer[] DEFAULT '{}' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"publisher_id" integer,
	"published_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_notice_read" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_notice_read_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sys_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"purpose" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_visit_day" (
	"day" date PRIMARY KEY NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_visitor" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "stat_visitor_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
ALTER TABLE "base_customer" ADD CONSTRAINT "base_customer_area_code_id_base_area_code_id_fk" FOREIGN KEY ("area_code_id") REFERENCES "public"."base_area_code"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_customer" ADD CONSTRAINT "base_customer_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_delegation" ADD CONSTRAINT "meet_delegation_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_delegation" ADD CONSTRAINT "meet_delegation_area_code_id_base_area_code_id_fk" FOREIGN KEY ("area_code_id") REFERENCES "public"."base_area_code"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_delegation" ADD CONSTRAINT "meet_delegation_customer_id_base_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."base_customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_group" ADD CONSTRAINT "meet_group_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_group_field" ADD CONSTRAINT "meet_group_field_group_id_meet_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."meet_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_group_field" ADD CONSTRAINT "meet_group_field_field_id_base_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."base_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_group_item" ADD CONSTRAINT "meet_group_item_group_id_meet_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."meet_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_group_item" ADD CONSTRAINT "meet_group_item_item_id_base_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."base_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_meeting" ADD CONSTRAINT "meet_meeting_nature_id_meet_nature_id_fk" FOREIGN KEY ("nature_id") REFERENCES "public"."meet_nature"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_meeting_admin" ADD CONSTRAINT "meet_meeting_admin_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_meeting_admin" ADD CONSTRAINT "meet_meeting_admin_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_area_user" ADD CONSTRAINT "meet_area_user_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_area_user" ADD CONSTRAINT "meet_area_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_area_user" ADD CONSTRAINT "meet_area_user_area_code_id_base_area_code_id_fk" FOREIGN KEY ("area_code_id") REFERENCES "public"."base_area_code"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_meeting_field" ADD CONSTRAINT "meet_meeting_field_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_meeting_field" ADD CONSTRAINT "meet_meeting_field_field_id_base_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."base_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_meeting_status_log" ADD CONSTRAINT "meet_meeting_status_log_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_nature_field" ADD CONSTRAINT "meet_nature_field_nature_id_meet_nature_id_fk" FOREIGN KEY ("nature_id") REFERENCES "public"."meet_nature"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_nature_field" ADD CONSTRAINT "meet_nature_field_field_id_base_field_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."base_field"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_athlete" ADD CONSTRAINT "reg_athlete_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_athlete" ADD CONSTRAINT "reg_athlete_delegation_id_meet_delegation_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."meet_delegation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_athlete" ADD CONSTRAINT "reg_athlete_group_id_meet_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."meet_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_coach" ADD CONSTRAINT "reg_coach_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_coach" ADD CONSTRAINT "reg_coach_delegation_id_meet_delegation_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."meet_delegation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_delegation_file" ADD CONSTRAINT "reg_delegation_file_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_delegation_file" ADD CONSTRAINT "reg_delegation_file_delegation_id_meet_delegation_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."meet_delegation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_entry" ADD CONSTRAINT "reg_entry_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_entry" ADD CONSTRAINT "reg_entry_delegation_id_meet_delegation_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."meet_delegation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_entry" ADD CONSTRAINT "reg_entry_athlete_id_reg_athlete_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."reg_athlete"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_entry" ADD CONSTRAINT "reg_entry_group_item_id_meet_group_item_id_fk" FOREIGN KEY ("group_item_id") REFERENCES "public"."meet_group_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_relay_member" ADD CONSTRAINT "reg_relay_member_relay_team_id_reg_relay_team_id_fk" FOREIGN KEY ("relay_team_id") REFERENCES "public"."reg_relay_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_relay_member" ADD CONSTRAINT "reg_relay_member_athlete_id_reg_athlete_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."reg_athlete"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_relay_team" ADD CONSTRAINT "reg_relay_team_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_relay_team" ADD CONSTRAINT "reg_relay_team_delegation_id_meet_delegation_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."meet_delegation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_relay_team" ADD CONSTRAINT "reg_relay_team_group_item_id_meet_group_item_id_fk" FOREIGN KEY ("group_item_id") REFERENCES "public"."meet_group_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_file" ADD CONSTRAINT "sys_file_owner_id_sys_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice" ADD CONSTRAINT "sys_notice_publisher_id_sys_user_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice" ADD CONSTRAINT "sys_notice_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_read" ADD CONSTRAINT "sys_notice_read_notice_id_sys_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."sys_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_read" ADD CONSTRAINT "sys_notice_read_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "base_area_code_parent_idx" ON "base_area_code" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "base_customer_parent_idx" ON "base_customer" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meet_delegation_mobile_uq" ON "meet_delegation" USING btree ("meeting_id","contact_mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "meet_delegation_name_uq" ON "meet_delegation" USING btree ("meeting_id","name");--> statement-breakpoint
CREATE INDEX "meet_delegation_area_idx" ON "meet_delegation" USING btree ("area_code_id");--> statement-breakpoint
CREATE INDEX "meet_group_meeting_idx" ON "meet_group" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meet_group_name_uq" ON "meet_group" USING btree ("meeting_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "meet_group_item_uq" ON "meet_group_item" USING btree ("group_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meet_meeting_code_uq" ON "meet_meeting" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "meet_meeting_admin_user_idx" ON "meet_meeting_admin" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meet_area_user_user_idx" ON "meet_area_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meet_meeting_status_log_meeting_idx" ON "meet_meeting_status_log" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reg_athlete_person_uq" ON "reg_athlete" USING btree ("meeting_id","id_type",upper("id_number"));--> statement-breakpoint
CREATE INDEX "reg_athlete_delegation_idx" ON "reg_athlete" USING btree ("delegation_id");--> statement-breakpoint
CREATE INDEX "reg_athlete_group_idx" ON "reg_athlete" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "reg_audit_decision_entity_idx" ON "reg_audit_decision" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "reg_coach_delegation_idx" ON "reg_coach" USING btree ("delegation_id");--> statement-breakpoint
CREATE INDEX "reg_delegation_file_delegation_idx" ON "reg_delegation_file" USING btree ("delegation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reg_entry_uq" ON "reg_entry" USING btree ("athlete_id","group_item_id");--> statement-breakpoint
CREATE INDEX "reg_entry_group_item_idx" ON "reg_entry" USING btree ("group_item_id");--> statement-breakpoint
CREATE INDEX "reg_entry_delegation_idx" ON "reg_entry" USING btree ("delegation_id");--> statement-breakpoint
CREATE INDEX "reg_record_history_entity_idx" ON "reg_record_history" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "reg_relay_member_athlete_idx" ON "reg_relay_member" USING btree ("athlete_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reg_relay_team_uq" ON "reg_relay_team" USING btree ("delegation_id","group_item_id","letter");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_config_key_uq" ON "sys_config" USING btree ("key");--> statement-breakpoint
CREATE INDEX "auth_code_target_idx" ON "auth_code" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "sys_file_owner_idx" ON "sys_file" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "sys_notice_status_idx" ON "sys_notice" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "sys_notice_read_user_idx" ON "sys_notice_read" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_outbox_created_idx" ON "sys_outbox" USING btree ("created_at");