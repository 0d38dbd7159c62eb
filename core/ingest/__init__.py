"""Ingestion: load course files, cut them into parent-child chunks, embed and store them."""
