CREATE TABLE "comp_award" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"delegation_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meet_group" ADD COLUMN "team_scoring" jsonb;--> statement-breakpoint
ALTER TABLE "meet_meeting" ADD COLUMN "team_scoring" jsonb;--> statement-breakpoint
ALTER TABLE "comp_award" ADD CONSTRAINT "comp_award_meeting_id_meet_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meet_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_award" ADD CONSTRAINT "comp_award_delegation_id_meet_delegation_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."meet_delegation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comp_award_uq" ON "comp_award" USING btree ("meeting_id","delegation_id");