-- Issue 24: text recognised from pixels (scanned PDF pages, image documents, pictures on
-- slides) is marked on its chunks with the mean OCR word confidence (0-100); NULL: the text came
-- from the file's own text layer. Supabase keeps the same value in chunks.metadata
-- ({"ocr_confidence": 87.5}), which replace_document already stores: no migration there.
ALTER TABLE chunks ADD COLUMN ocr_confidence REAL;
