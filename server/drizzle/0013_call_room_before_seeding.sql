CREATE TABLE "comp_entry_check_in" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"entry_id" integer,
	"relay_team_id" integer,
	"state" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comp_entry_check_in_one_key" CHECK (num_nonnulls("comp_entry_check_in"."entry_id", "comp_entry_check_in"."relay_team_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "meet_meeting" ADD COLUMN "call_room_before_seeding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comp_entry_check_in" ADD CONSTRAINT "comp_entry_check_in_round_id_comp_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."comp_round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_entry_check_in" ADD CONSTRAINT "comp_entry_check_in_entry_id_reg_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."reg_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_entry_check_in" ADD CONSTRAINT "comp_entry_check_in_relay_team_id_reg_relay_team_id_fk" FOREIGN KEY ("relay_team_id") REFERENCES "public"."reg_relay_team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comp_entry_check_in_entry_uq" ON "comp_entry_check_in" USING btree ("round_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comp_entry_check_in_relay_uq" ON "comp_entry_check_in" USING btree ("round_id","relay_team_id");