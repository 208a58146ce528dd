ALTER TABLE "comp_heat" ADD COLUMN "hand_timed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comp_round" ADD COLUMN "discipline" text;