-- Up Migration
-- One uploaded file. path_id is `<realm_id>/<random>/<sanitized name>`, the file's key in
-- the store and the path of its URL (/user_uploads/<path_id>).
CREATE TABLE attachments (
  id bigserial PRIMARY KEY,
  realm_id bigint NOT NULL,
  owner_id bigint NOT NULL,
  path_id text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_owner ON attachments (realm_id, owner_id);

-- Which messages link to which files. date_sent is copied for GET /attachments.
CREATE TABLE attachment_messages (
  attachment_id bigint NOT NULL REFERENCES attachments (id) ON DELETE CASCADE,
  message_id bigint NOT NULL,
  date_sent timestamptz NOT NULL,
  PRIMARY KEY (attachment_id, message_id)
);
CREATE INDEX attachment_messages_message ON attachment_messages (message_id);

-- Files whose object in the store is to be deleted (the row is gone or going): deleting the
-- object happens after the transaction commits and is retried from here if it fails.
CREATE TABLE doomed_objects (
  path_id text PRIMARY KEY,
  doomed_at timestamptz NOT NULL DEFAULT now()
);
