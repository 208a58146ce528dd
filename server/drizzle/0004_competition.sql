CREATE TABLE "comp_heat" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"scheduled_at" timestamp with time zone,
	"wind" numeric(4, 1),
	"status" text DEFAULT 'draft' NOT NULL,
	"official_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"round_id" integer,
	"heat_id" integer,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"group_item_id" integer NOT NULL,
	"kind" text DEFAULT 'MR' NOT NULL,
	"mark" text NOT NULL,
	"value" numeric(12, 3) NOT NULL,
	"holder" text NOT NULL,
	"delegation_name" text,
	"year" smallint,
	"wind" numeric(4, 1),
	"start_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_round" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"group_item_id" integer NOT NULL,
	"index" smallint NOT NULL,
	"name" text NOT NULL,
	"session_id" integer,
	"scheduled_at" timestamp with time zone,
	"qualify_by_place" smallint,
	"qualify_by_time" smallint,
	"trials" smallint DEFAULT 6 NOT NULL,
	"cut_after" smallint DEFAULT 3 NOT NULL,
	"cut_size" smallint DEFAULT 8 NOT NULL,
	"heights" jsonb,
	"draw_seed" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_start" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"heat_id" integer NOT NULL,
	"entry_id" integer,
	"relay_team_id" integer,
	"athlete_id" integer,
	"delegation_id" integer NOT NULL,
	"lane" smallint,
	"position" smallint NOT NULL,
	"seed_value" numeric(12, 3),
	"mark" text,
	"value" numeric(12, 3),
	"reaction_time" numeric(5, 3),
	"wind" numeric(4, 1),
	"code" text,
	"dq_rule" text,
	"place" smallint,
	"qualifier" text,
	"points" numeric(6, 2),
	"record" text,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_trial" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"start_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"height" numeric(5, 2),
	"outcome" text NOT NULL,
	"mark" numeric(6, 2),
	"wind" numeric(4, 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comp_official" (
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "comp_official_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "comp_heat" ADD CONSTRAINT "comp_heat_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_heat" ADD CONSTRAINT "comp_heat_round_id_comp_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."comp_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_record" ADD CONSTRAINT "comp_record_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_record" ADD CONSTRAINT "comp_record_group_item_id_meet_group_item_id_fk" FOREIGN KEY ("group_item_id") REFERENCES "public"."meet_group_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_record" ADD CONSTRAINT "comp_record_start_id_comp_start_id_fk" FOREIGN KEY ("start_id") REFERENCES "public"."comp_start"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_round" ADD CONSTRAINT "comp_round_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_round" ADD CONSTRAINT "comp_round_group_item_id_meet_group_item_id_fk" FOREIGN KEY ("group_item_id") REFERENCES "public"."meet_group_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_round" ADD CONSTRAINT "comp_round_session_id_comp_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."comp_session"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_session" ADD CONSTRAINT "comp_session_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_start" ADD CONSTRAINT "comp_start_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_start" ADD CONSTRAINT "comp_start_round_id_comp_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."comp_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_start" ADD CONSTRAINT "comp_start_heat_id_comp_heat_id_fk" FOREIGN KEY ("heat_id") REFERENCES "public"."comp_heat"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_start" ADD CONSTRAINT "comp_start_entry_id_reg_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."reg_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_start" ADD CONSTRAINT "comp_start_relay_team_id_reg_relay_team_id_fk" FOREIGN KEY ("relay_team_id") REFERENCES "public"."reg_relay_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_start" ADD CONSTRAINT "comp_start_athlete_id_reg_athlete_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."reg_athlete"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_start" ADD CONSTRAINT "comp_start_delegation_id_meet_delegation_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."meet_delegation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_trial" ADD CONSTRAINT "comp_trial_start_id_comp_start_id_fk" FOREIGN KEY ("start_id") REFERENCES "public"."comp_start"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_official" ADD CONSTRAINT "comp_official_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_official" ADD CONSTRAINT "comp_official_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comp_heat_uq" ON "comp_heat" USING btree ("round_id","number");--> statement-breakpoint
CREATE INDEX "comp_heat_meeting_idx" ON "comp_heat" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "comp_log_meeting_idx" ON "comp_log" USING btree ("meeting_id","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_record_uq" ON "comp_record" USING btree ("group_item_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_round_uq" ON "comp_round" USING btree ("group_item_id","index");--> statement-breakpoint
CREATE INDEX "comp_round_meeting_idx" ON "comp_round" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "comp_round_session_idx" ON "comp_round" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "comp_session_meeting_idx" ON "comp_session" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "comp_start_heat_idx" ON "comp_start" USING btree ("heat_id");--> statement-breakpoint
CREATE INDEX "comp_start_round_idx" ON "comp_start" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "comp_start_athlete_idx" ON "comp_start" USING btree ("athlete_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_start_entry_uq" ON "comp_start" USING btree ("round_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_start_relay_uq" ON "comp_start" USING btree ("round_id","relay_team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_trial_uq" ON "comp_trial" USING btree ("start_id","seq");--> statement-breakpoint
CREATE INDEX "comp_official_user_idx" ON "comp_official" USING btree ("user_id");