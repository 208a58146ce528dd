ALTER TABLE "comp_start" DROP CONSTRAINT "comp_start_meeting_id_meet_meeting_id_fk";
--> statement-breakpoint
ALTER TABLE "comp_start" DROP CONSTRAINT "comp_start_round_id_comp_round_id_fk";
--> statement-breakpoint
ALTER TABLE "comp_start" DROP CONSTRAINT "comp_start_athlete_id_reg_athlete_id_fk";
--> statement-breakpoint
ALTER TABLE "comp_start" DROP CONSTRAINT "comp_start_delegation_id_meet_delegation_id_fk";
