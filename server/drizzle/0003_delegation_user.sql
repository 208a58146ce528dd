ALTER TABLE "meet_delegation" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "meet_delegation" ADD CONSTRAINT "meet_delegation_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meet_delegation_user_uq" ON "meet_delegation" USING btree ("user_id");