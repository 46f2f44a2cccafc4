CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_storefront_category_idx" ON "listings" USING btree ("category") WHERE "listings"."is_active" and "listings"."payment_status" = 'paid' and not "listings"."is_deleted";