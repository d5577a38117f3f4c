-- A server writes its search index to a file (docs/product.md 23.5; decision 255) under a token it stores here
-- first. A restarted server uses the file only when its token is here and recent: a database restored from a
-- backup taken before the file was written does not hold it. The servers prune tokens older than an hour with
-- the change log.
CREATE TABLE search_index_snapshots (
  token uuid PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);
