-- Alt text for an article's cover image (docs/product.md section 8: images carry alt text).
ALTER TABLE "articles" ADD COLUMN "img_alt" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at");
