"""Course stores (embedded SQLite, Supabase pgvector) and history stores."""
