import type { FastifyBaseLogger } from 'fastify';
import { CONTENT_MAX_FILE_BYTES, CONTENT_MESSAGES } from '@app/contracts';
import { AppError, InputValidationError } from '../../errors.ts';
import type { ContentService } from '../content/content.service.ts';
import { ExtractionError } from '../extraction/index.ts';
import { SlackApiError, SlackFileTooLargeError, type SlackFile } from './slack-api.ts';
import { plainTextOfSlack, shortString } from './slack-text.ts';
import type { SlackRepository } from './slack.repository.ts';
import type { SlackApp } from './slack.service.ts';

/** The bot's replies about material it could not take, in the message's thread. */
export const MATERIAL_MESSAGES = {
  refused: (name: string, why: string) =>
    `I could not add *${name}* to the course material: ${why}`,
  tooLarge: (name: string) => MATERIAL_MESSAGES.refused(name, `${CONTENT_MESSAGES.tooLarge}.`),
  downloadFailed: (name: string) =>
    MATERIAL_MESSAGES.refused(name, 'Slack did not let me download it. Please share it again.'),
} as const;

/** The reaction that tells the channel the bot took a message or file as course material. */
export const TAKEN_REACTION = 'white_check_mark';

/** Files read from one message at most (Slack allows 10 per message). */
const MAX_FILES_PER_MESSAGE = 10;

/**
 * How long the event's job waits for a shared file to be read, so a refusal can be said in the
 * thread; a file still being read after that stays in Review Course as `processing`.
 */
const FILE_READ_WAIT_MS = 2 * 60_000;

type Link = NonNullable<Awaited<ReturnType<SlackRepository['linkedClassOfChannel']>>>;
type SlackEvent = Record<string, unknown>;

type SlackMaterialDeps = {
  repo: SlackRepository;
  content: ContentService;
  app: SlackApp;
  log: FastifyBaseLogger;
};

/**
 * Course material from a linked channel. A file shared there by the class's
 * teacher or a member the teacher authorized (matched by their Slack e-mail) is downloaded with
 * the bot token and goes through the upload path (same limits, checks and extraction) as
 * 'additional' content; a text message from them becomes 'other' content titled by channel and
 * date. What was taken gets a ✓; a refused file gets a thread reply saying why. Editing or
 * deleting the message updates or removes what was made from it. Anyone else is ignored.
 */
export class SlackMaterialService {
  constructor(private readonly deps: SlackMaterialDeps) {}

  /** A `message` event of any subtype. */
  async handleMessage(teamId: string, event: SlackEvent): Promise<void> {
    switch (event.subtype) {
      case undefined:
      case 'file_share':
      case 'thread_broadcast':
        return this.take(teamId, event);
      case 'message_changed':
        return this.edit(teamId, event);
      case 'message_deleted':
        return this.remove(teamId, event);
      default:
        // joins, topic changes, other bots' messages: no material
        return;
    }
  }

  private async take(teamId: string, event: SlackEvent): Promise<void> {
    const channel = shortString(event.channel);
    const user = shortString(event.user);
    const ts = shortString(event.ts);
    if (!channel || !user || !ts || event.bot_id !== undefined) return;
    // a reply inside a thread is conversation, not an announcement to the class
    const threadTs = shortString(event.thread_ts);
    if (threadTs && threadTs !== ts && event.subtype !== 'thread_broadcast') return;

    const link = await this.deps.repo.linkedClassOfChannel(teamId, channel);
    if (!link) return;
    const token = this.deps.app.cipher.decrypt(link.bot_token_encrypted!, link.slack_team_id);
    if (!token || user === link.bot_user_id) return;
    const text = typeof event.text === 'string' ? event.text : '';
    // a mention of the bot is a question (app_mention answers it), not material
    if (link.bot_user_id && text.includes(`<@${link.bot_user_id}`)) return;
    if (!(await this.isMaterialAuthor(link, token, user))) return;

    const message: MessageRef = { teamId, channel, ts, userId: user };
    const files = Array.isArray(event.files) ? event.files.slice(0, MAX_FILES_PER_MESSAGE) : [];
    let took = false;
    if (files.length > 0) {
      for (const file of files) {
        const fileId = shortString((file as SlackEvent | null)?.id);
        if (fileId && (await this.takeFile(link, token, message, fileId))) took = true;
      }
    } else {
      took = await this.takeText(link, token, message, text);
    }
    if (took) await this.react(token, channel, ts);
  }

  /** The class's teacher, or a member authorized for this link, by their Slack e-mail. */
  private async isMaterialAuthor(link: Link, token: string, user: string): Promise<boolean> {
    let email: string | undefined;
    try {
      email = await this.deps.app.api.userEmail(token, user, false);
    } catch (error) {
      // Slack unreachable or rate limited past our retries: the job tries again
      if (!(error instanceof SlackApiError) || isTransient(error)) throw error;
      this.deps.log.warn({ err: error, user }, 'slack users.info failed; message not taken');
      return false;
    }
    if (!email) return false;
    return this.deps.repo.mayShareMaterial(link.integration_id, link.teacher_id, email);
  }

  private async takeText(
    link: Link,
    token: string,
    message: MessageRef,
    slackText: string,
  ): Promise<boolean> {
    const text = plainTextOfSlack(slackText);
    // "ok", "👍": nothing a student could ask about
    if (!/[\p{L}\p{N}]/u.test(text)) return false;
    const existing = await this.deps.repo.contentsOfMessage(
      message.teamId,
      message.channel,
      message.ts,
    );
    if (existing.some((row) => row.slack_file_id === '')) return true;
    const channelName = await this.channelName(link, token, message.channel);
    try {
      await this.deps.content.createText(
        link.teacher_id,
        {
          classId: link.class_id,
          title: `${channelName ? `#${channelName}` : 'Slack'} · ${dateOfTs(message.ts)}`,
          content: text,
          contentType: 'other',
        },
        (trx, contentId) =>
          this.deps.repo.recordContentOrigin(originOf(message, contentId, channelName, ''), trx),
      );
    } catch (error) {
      const why = refusalOf(error);
      if (why === undefined) throw error;
      await this.replyInThread(token, message, MATERIAL_MESSAGES.refused('this message', why));
      return false;
    }
    this.deps.log.info({ classId: link.class_id, ts: message.ts }, 'slack message taken');
    return true;
  }

  private async takeFile(
    link: Link,
    token: string,
    message: MessageRef,
    fileId: string,
  ): Promise<boolean> {
    const { repo, content, app, log } = this.deps;
    const existing = await repo.contentsOfMessage(message.teamId, message.channel, message.ts);
    if (existing.some((row) => row.slack_file_id === fileId)) return true;
    let file: SlackFile;
    try {
      file = await app.api.fileInfo(token, fileId);
    } catch (error) {
      if (!(error instanceof SlackApiError) || isTransient(error)) throw error;
      log.warn({ err: error, fileId }, 'slack files.info failed; file not taken');
      return false;
    }
    if (file.size > CONTENT_MAX_FILE_BYTES) {
      await this.replyInThread(token, message, MATERIAL_MESSAGES.tooLarge(file.name));
      return false;
    }
    if (!file.downloadUrl) {
      await this.replyInThread(token, message, MATERIAL_MESSAGES.downloadFailed(file.name));
      return false;
    }

    let stored: Awaited<ReturnType<ContentService['storeFile']>>;
    try {
      stored = await content.storeFile(
        app.api.downloadFile(token, file.downloadUrl, CONTENT_MAX_FILE_BYTES),
        file.name,
      );
    } catch (error) {
      if (error instanceof SlackFileTooLargeError) {
        await this.replyInThread(token, message, MATERIAL_MESSAGES.tooLarge(file.name));
        return false;
      }
      // refused by its name and first bytes before it was stored (a type that cannot be read)
      const refused = refusalOf(error);
      if (refused !== undefined) {
        await this.replyInThread(token, message, MATERIAL_MESSAGES.refused(file.name, refused));
        return false;
      }
      if (!(error instanceof SlackApiError) || isTransient(error)) throw error;
      log.warn({ err: error, fileId }, 'slack file download failed');
      await this.replyInThread(token, message, MATERIAL_MESSAGES.downloadFailed(file.name));
      return false;
    }

    const channelName = await this.channelName(link, token, message.channel);
    try {
      const item = await content.upload(
        link.teacher_id,
        {
          classId: link.class_id,
          contentType: 'additional',
          // Slack's title is the file's name unless someone gave it one
          title: file.title && file.title !== file.name ? file.title : undefined,
          file: stored,
        },
        {
          alsoInTransaction: (trx, contentId) =>
            repo.recordContentOrigin(originOf(message, contentId, channelName, fileId), trx),
        },
      );
      // this is the event's job, not a request: it waits, so a refusal is said in the thread
      await content.awaitRead(item.id, FILE_READ_WAIT_MS);
    } catch (error) {
      await content.discardFile(stored.uploadId);
      const why = refusalOf(error);
      if (why === undefined) throw error;
      await this.replyInThread(token, message, MATERIAL_MESSAGES.refused(file.name, why));
      return false;
    }
    log.info({ classId: link.class_id, fileId }, 'slack file taken');
    return true;
  }

  /** An edited message: the text item made from it follows (emptied, it is removed). */
  private async edit(teamId: string, event: SlackEvent): Promise<void> {
    const channel = shortString(event.channel);
    const edited = (event.message ?? {}) as SlackEvent;
    const ts = shortString(edited.ts);
    if (!channel || !ts) return;
    const rows = await this.deps.repo.contentsOfMessage(teamId, channel, ts);
    const textItem = rows.find((row) => row.slack_file_id === '');
    if (!textItem) return;
    const text = plainTextOfSlack(typeof edited.text === 'string' ? edited.text : '');
    if (!/[\p{L}\p{N}]/u.test(text)) {
      await this.deleteItem(textItem.teacher_id, textItem.content_id);
      return;
    }
    try {
      await this.deps.content.update(textItem.teacher_id, textItem.content_id, { content: text });
    } catch (error) {
      const why = refusalOf(error);
      if (why === undefined) throw error;
      this.deps.log.warn({ ts, why }, 'slack edit not applied');
    }
  }

  /** A deleted message: every item made from it (its text and its files) is removed. */
  private async remove(teamId: string, event: SlackEvent): Promise<void> {
    const channel = shortString(event.channel);
    const previous = (event.previous_message ?? {}) as SlackEvent;
    const ts = shortString(event.deleted_ts) ?? shortString(previous.ts);
    if (!channel || !ts) return;
    for (const row of await this.deps.repo.contentsOfMessage(teamId, channel, ts))
      await this.deleteItem(row.teacher_id, row.content_id);
  }

  private async deleteItem(teacherId: string, contentId: string): Promise<void> {
    try {
      await this.deps.content.delete(teacherId, contentId);
    } catch (error) {
      // already deleted (by the teacher, or a retry): nothing left to do
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    }
  }

  /** The channel's name as linked, else as Slack says now; null when unknown. */
  private async channelName(link: Link, token: string, channel: string): Promise<string | null> {
    if (link.slack_channel_name) return link.slack_channel_name;
    try {
      return (await this.deps.app.api.channelInfo(token, channel))?.name ?? null;
    } catch {
      return null;
    }
  }

  private async react(token: string, channel: string, ts: string): Promise<void> {
    try {
      await this.deps.app.api.addReaction(token, channel, ts, TAKEN_REACTION);
    } catch (error) {
      if (!(error instanceof SlackApiError)) throw error;
      this.deps.log.warn({ err: error, channel }, 'slack reaction failed');
    }
  }

  private async replyInThread(token: string, message: MessageRef, text: string): Promise<void> {
    try {
      await this.deps.app.api.postMessage(token, message.channel, text, message.ts);
    } catch (error) {
      if (!(error instanceof SlackApiError)) throw error;
      this.deps.log.warn({ err: error, channel: message.channel }, 'slack thread reply failed');
    }
  }
}

type MessageRef = { teamId: string; channel: string; ts: string; userId: string };

const originOf = (
  message: MessageRef,
  contentId: string,
  channelName: string | null,
  fileId: string,
) => ({
  contentId,
  teamId: message.teamId,
  channelId: message.channel,
  channelName,
  messageTs: message.ts,
  fileId,
  userId: message.userId,
});

/** Why the product refused the material (a client error), or undefined for a fault to retry. */
function refusalOf(error: unknown): string | undefined {
  if (error instanceof ExtractionError) return error.message;
  if (error instanceof InputValidationError) return error.message;
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  return undefined;
}

/** Slack could not be reached or asked us to slow down: worth the job's retry. */
const isTransient = (error: SlackApiError) =>
  error.slackError === 'request_failed' || error.slackError === 'ratelimited';

/** A message's day (UTC) from its ts (seconds since 1970, with a sequence after the dot). */
function dateOfTs(ts: string): string {
  const seconds = Number(ts.split('.')[0]);
  const date = Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
