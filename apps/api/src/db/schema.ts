import type { ColumnType, Generated } from 'kysely';
import type {
  CheckStatus,
  ContentStatus,
  FactKind,
  FactOrigin,
  ReplyKind,
  SubscriptionStatus,
} from '@app/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  institution: string | null;
  school: string | null;
  department: string | null;
  subscription_status: ColumnType<
    SubscriptionStatus,
    SubscriptionStatus | undefined,
    SubscriptionStatus
  >;
  subscription_id: string | null;
  trial_end: NullableTimestamp;
  password_changed_at: Generated<Date>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  plan_type: ColumnType<
    'single' | 'department',
    'single' | 'department' | undefined,
    'single' | 'department'
  >;
  payment_provider: 'stripe' | 'local' | null;
  stripe_customer_id: string | null;
  payment_method_id: string | null;
  current_period_end: NullableTimestamp;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  canceled_at: NullableTimestamp;
}

interface PaymentsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'subscription' | 'addon';
  description: string;
  amount_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  status: 'succeeded' | 'pending' | 'failed' | 'not_charged';
  season_name: string;
  provider: 'stripe' | 'local';
  provider_ref: string | null;
  /** the n-th add-on class of the teacher's season (migration 011); null for other payments */
  addon_seq: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
}

interface ScheduledRunsTable {
  name: string;
  last_run: Date;
}

interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Generated<Date>;
}

interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  user_agent: string | null;
  created_at: Generated<Date>;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
}

interface RefreshTokensTable {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

interface EmailChangesTable {
  id: Generated<string>;
  user_id: string;
  old_email: string;
  new_email: string;
  token_hash: string;
  expires_at: Timestamp;
  confirmed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Generated<Date>;
}

interface AccountAlertsTable {
  id: Generated<string>;
  user_id: string;
  kind: AccountAlertKind;
  email_change_id: string | null;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export type AccountAlertKind = 'password_changed' | 'email_change_requested' | 'email_changed';

interface EmailsTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  transport: 'smtp' | 'outbox';
  sent_at: NullableTimestamp;
  error: string | null;
  created_at: Generated<Date>;
}

interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface ClassesTable {
  id: Generated<string>;
  teacher_id: string;
  class_name: string;
  course_code: string | null;
  school: string | null;
  department: string | null;
  semester: 'Spring' | 'Summer' | 'Fall' | 'Winter' | null;
  year: number | null;
  student_size: number | null;
  description: string | null;
  /** the term's first and last day (migration 033); read with to_char, written as YYYY-MM-DD */
  term_start: ColumnType<Date | null, string | null | undefined, string | null>;
  term_end: ColumnType<Date | null, string | null | undefined, string | null>;
  /** IANA name the class's days are counted in */
  time_zone: ColumnType<string, string | undefined, string>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  is_draft: ColumnType<boolean, boolean | undefined, boolean>;
  chat_uuid: Generated<string>;
  season_name: string;
  sample_questions: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

interface ContentsTable {
  id: Generated<string>;
  class_id: string;
  title: string;
  content: string;
  content_type: 'syllabus' | 'additional' | 'sample_work' | 'due_dates' | 'other' | 'assignment';
  display_order: ColumnType<number, number | undefined, number>;
  file_name: string | null;
  file_type: string | null;
  /** bigint: pg returns it as a string */
  file_size: ColumnType<string | null, number | null | undefined, number | null>;
  word_count: number;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
  status_reason: string | null;
  failure_code: string | null;
  /** what the teacher is warned of in the text: planted instructions to an AI (025) */
  warnings: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

interface UploadsTable {
  id: Generated<string>;
  content_id: string | null;
  created_at: Generated<Date>;
}

interface UploadPartsTable {
  upload_id: string;
  seq: number;
  data: Buffer;
}

/** An upload's Idempotency-Key and the item it made (migration 030). */
interface UploadKeysTable {
  teacher_id: string;
  key: string;
  content_id: string;
  created_at: Generated<Date>;
}

interface ContentChunksTable {
  id: Generated<string>;
  content_id: string;
  class_id: string;
  position: number;
  heading: string | null;
  body: string;
  word_count: number;
  /** the chunk addresses an AI model with instructions: never sent to one (025) */
  addresses_ai: ColumnType<boolean, boolean | undefined, boolean>;
  tsv: ColumnType<string, never, never>;
}

/** Each item's first distinct section headings, with where each first appears (triggers, 010). */
interface ContentHeadingsTable {
  content_id: string;
  heading: string;
  position: number;
}

/** Each lexeme of a class's chunks with the number of chunks holding it (kept by triggers, 009). */
interface ClassLexemesTable {
  class_id: string;
  word: string;
  ndoc: number;
}

/** A class's chunk count (kept by triggers, 009); no row while the class has never had any. */
interface ClassChunkCountsTable {
  class_id: string;
  chunks: number;
}

interface ConversationsTable {
  id: Generated<string>;
  class_id: string;
  question: string;
  response: string;
  source_type: 'syllabus' | 'content' | 'other';
  /** answer, excerpt or none (migration 024) */
  kind: ColumnType<ReplyKind, ReplyKind | undefined, ReplyKind>;
  student_identifier: string | null;
  tokens_used: ColumnType<number, number | undefined, number>;
  response_time_ms: ColumnType<number, number | undefined, number>;
  citations: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
  /** lower(question || ' ' || response), kept by PostgreSQL for the teacher's search */
  search_text: ColumnType<string, never, never>;
  /** English text search vector of question and answer, kept by PostgreSQL (migration 019) */
  search_tsv: ColumnType<string, never, never>;
  /** the teacher's answer (a content item) that closed a 'not in the material' question */
  resolved_content_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the student's rating of the answer (migration 021) */
  feedback: ColumnType<
    'helpful' | 'not_helpful' | null,
    'helpful' | 'not_helpful' | null | undefined,
    'helpful' | 'not_helpful' | null
  >;
  feedback_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** the teacher's correction of the answer (a content item) */
  corrected_content_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the checked question it matched: a standard key or an added question's id (migration 032) */
  check_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** it was answered from a checked answer */
  from_check: ColumnType<boolean, boolean | undefined, boolean>;
  /** the kind of date question it was (migration 033) */
  date_ask: ColumnType<string | null, string | null | undefined, string | null>;
  /** what the question asks, "asks|words", kept by PostgreSQL (migration 006) */
  question_key: ColumnType<string, never, never>;
  /** the contact request whose e-mailed reply answered it (migration 034) */
  answered_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the teacher took it off the unanswered list without answering it (migration 034) */
  dismissed_at: NullableTimestamp;
}

/** Check your assistant: the teacher's check of one question (migration 032). */
interface AssistantChecksTable {
  id: Generated<string>;
  class_id: string;
  standard_key: string | null;
  question: string;
  question_key: ColumnType<string, never, never>;
  status: ColumnType<CheckStatus, CheckStatus | undefined, CheckStatus>;
  answer: string | null;
  citations: ColumnType<unknown, string | undefined, string>;
  source_passage: string | null;
  checked_at: Date | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A teacher's answer to a question students asked (migration 021). */
/** Copy Class's carry-over of the teacher's work, once per class (migration 035). */
interface ClassCarryOversTable {
  class_id: string;
  from_class_id: string | null;
  facts: number;
  teacher_answers: number;
  checks: number;
  created_at: Generated<Date>;
}

interface ClassAnswersTable {
  content_id: string;
  class_id: string;
  question_key: string;
  answer: string;
  created_at: Generated<Date>;
}

/** Analytics rollups, kept by triggers on conversations (migration 020). */
interface ConversationCountsTable {
  class_id: string;
  /** 60, 30 or 15 */
  bucket_minutes: number;
  /** start of the hour, half hour or quarter hour, UTC */
  bucket_start: Date;
  questions: number;
  not_answered: number;
  /** bigint: pg returns it as a string */
  response_time_ms: ColumnType<string, number | string, number | string>;
}

interface ConversationDayQuestionsTable {
  class_id: string;
  /** UTC day; written as 'YYYY-MM-DD' (read it with to_char: pg makes a date a local-midnight Date) */
  day: ColumnType<Date, string, string>;
  key_hash: string;
  question_key: string;
  questions: number;
  last_asked_at: Date;
  last_question: string;
  not_answered: number;
  not_answered_last_asked_at: Date | null;
  not_answered_last_question: string | null;
}

interface ConversationDayCitationsTable {
  class_id: string;
  /** UTC day; written as 'YYYY-MM-DD' (read it with to_char: pg makes a date a local-midnight Date) */
  day: ColumnType<Date, string, string>;
  content_id: string;
  citations: number;
}

interface EmailRequestsTable {
  id: Generated<string>;
  class_id: string;
  conversation_id: string;
  student_email: string;
  request_reason: string;
  conversation_question: string;
  created_at: Generated<Date>;
  teacher_responded_at: NullableTimestamp;
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_at: NullableTimestamp;
}

interface TrialSessionsTable {
  id: Generated<string>;
  class_id: string | null;
  questions_used: ColumnType<number, number | undefined, number>;
  file_name: string | null;
  file_size: number | null;
  word_count: number | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  /** the visitor's ratings by reply id (migration 021) */
  feedback: ColumnType<Record<string, string>, string | undefined, string>;
}

interface CourseFactsTable {
  id: Generated<string>;
  class_id: string;
  /** null for a teacher's fact */
  content_id: string | null;
  /** bigint: pg returns it as a string */
  chunk_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  kind: FactKind;
  subject: string;
  attribute: string;
  /** empty only on a teacher correction that hides the fact it overrides */
  value: string;
  source_text: string | null;
  /** an extracted fact's place in its document's reading order */
  position: Generated<number>;
  origin: FactOrigin;
  overrides_id: string | null;
  /** a correction's key of the fact it overrides (kind, subject, attribute, value), see 008 */
  overrides_key: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

interface SlackWorkspacesTable {
  id: Generated<string>;
  teacher_id: string;
  slack_team_id: string;
  team_name: string;
  bot_user_id: string | null;
  /** AES-256-GCM, see features/slack/token-cipher.ts; null once revoked or uninstalled */
  bot_token_encrypted: string | null;
  scopes: string | null;
  installed_by_slack_user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

interface SlackIntegrationsTable {
  id: Generated<string>;
  workspace_id: string;
  /** its workspace's team (migration 028: a channel is unique within its team) */
  slack_team_id: string;
  class_id: string;
  slack_channel_id: string;
  slack_channel_name: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

interface SlackAuthorizedUsersTable {
  id: Generated<string>;
  integration_id: string;
  email: string;
  created_at: Generated<Date>;
}

interface SlackContentsTable {
  content_id: string;
  slack_team_id: string;
  slack_channel_id: string;
  slack_channel_name: string | null;
  message_ts: string;
  /** '' for the message's own text */
  slack_file_id: Generated<string>;
  slack_user_id: string;
  created_at: Generated<Date>;
}

interface SlackEventsTable {
  /** Slack's `event_id` (Ev…) */
  event_id: string;
  team_id: string;
  type: string;
  received_at: Generated<Date>;
}

interface SlackOauthStatesTable {
  id: string;
  teacher_id: string;
  expires_at: Date;
  used_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  account_alerts: AccountAlertsTable;
  emails: EmailsTable;
  rate_limits: RateLimitsTable;
  payments: PaymentsTable;
  app_secrets: AppSecretsTable;
  scheduled_runs: ScheduledRunsTable;
  stripe_events: StripeEventsTable;
  classes: ClassesTable;
  contents: ContentsTable;
  content_chunks: ContentChunksTable;
  uploads: UploadsTable;
  upload_parts: UploadPartsTable;
  upload_keys: UploadKeysTable;
  class_lexemes: ClassLexemesTable;
  class_chunk_counts: ClassChunkCountsTable;
  content_headings: ContentHeadingsTable;
  conversations: ConversationsTable;
  conversation_counts: ConversationCountsTable;
  conversation_day_questions: ConversationDayQuestionsTable;
  conversation_day_citations: ConversationDayCitationsTable;
  email_requests: EmailRequestsTable;
  trial_sessions: TrialSessionsTable;
  course_facts: CourseFactsTable;
  slack_workspaces: SlackWorkspacesTable;
  slack_integrations: SlackIntegrationsTable;
  slack_authorized_users: SlackAuthorizedUsersTable;
  slack_oauth_states: SlackOauthStatesTable;
  slack_events: SlackEventsTable;
  slack_contents: SlackContentsTable;
  class_answers: ClassAnswersTable;
  assistant_checks: AssistantChecksTable;
  class_carry_overs: ClassCarryOversTable;
}
