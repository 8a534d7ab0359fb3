-- Up Migration
-- What an uploaded image is, for its previews (Zulip's ImageAttachment, kept on the row):
-- image_status is NULL until the file has been examined (uploads from before this migration,
-- or an examination that failed for a reason other than the file), 'thumbnailed' when it is
-- an image Parley thumbnails, 'not_image' otherwise. The original's size in pixels (as shown,
-- after its EXIF rotation) and frame count, and the thumbnails written to the store under
-- thumbnail/<path_id>/<name>: [{name, content_type, width, height, byte_size}].
ALTER TABLE attachments
  ADD COLUMN image_status text CHECK (image_status IN ('thumbnailed', 'not_image')),
  ADD COLUMN original_width_px integer,
  ADD COLUMN original_height_px integer,
  ADD COLUMN frames integer,
  ADD COLUMN thumbnails jsonb NOT NULL DEFAULT '[]';

