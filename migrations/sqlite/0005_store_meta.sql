-- Facts about a store file, e.g. which embedder made its vectors: vectors from two embedders are
-- not comparable, so a store refuses to be searched or filled by another one.
CREATE TABLE IF NOT EXISTS store_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
